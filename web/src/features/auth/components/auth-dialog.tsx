import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { keepDialogOnListEscape } from "../../../components/phone-input/phone-input.tsx";
import { focusNextStep } from "../../../lib/next-step-focus.ts";
import { useSession } from "../../../lib/session.ts";
import {
  type AuthStep,
  authDialogOpener,
  closeAuthDialog,
  dialogTitleKey,
  openAuthDialog,
  useAuthDialog,
} from "../auth-dialog-store.ts";
import { ConfirmEmailStep } from "./confirm-email-step.tsx";
import { ConfirmRestoreStep } from "./confirm-restore-step.tsx";
import { EmailStep } from "./email-step.tsx";
import { OptionsStep } from "./options-step.tsx";
import { RestorePasswordStep } from "./restore-password-step.tsx";
import { type PhoneFieldComponent, SignUpStep } from "./sign-up-step.tsx";
import { VerifyEmailStep } from "./verify-email-step.tsx";
import "../i18n.ts";

const DESCRIPTION_KEYS = {
  Options: "describeOptions",
  Email: "describeEmail",
  RestorePassword: "describeRestore",
  ConfirmRestorePassword: "describeConfirmRestore",
  SignUp: "describeSignUp",
  VerifyEmail: "describeVerify",
  ConfirmEmail: "describeConfirmEmail",
} as const satisfies Record<AuthStep, string>;

/**
 * The sign-in dialog (spec §2, §4): one accessible Radix dialog whose body is the current step.
 * Loaded on demand by the header the first time it opens.
 */
export function AuthDialog({
  PhoneField,
  held = false,
}: {
  PhoneField: PhoneFieldComponent;
  /**
   * Another modal (the cookie modal of a first visit) is open: the dialog waits and opens when it closes.
   * Two modals at once left neither usable (the page behind Radix takes no pointer events).
   */
  held?: boolean | undefined;
}) {
  const { t } = useTranslation("auth");
  const state = useAuthDialog();
  const session = useSession();
  const bodyRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Signed in elsewhere (the provider tab of a Google/Facebook sign-in): nothing left to do here.
  useEffect(() => {
    if (session && state.open && state.step === "Options") closeAuthDialog();
  }, [session, state.open, state.step]);

  // A new step takes the focus where typing starts: the element it marks with `data-autofocus` (the
  // e-mail field of Email, decision D61; sign-up's first name, which says nothing when left empty), else the
  // step itself so screen readers read it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every step change on purpose
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusStep(bodyRef.current);
  }, [state.step]);

  let body: ReactNode;
  switch (state.step) {
    case "Options":
      body = <OptionsStep notice={state.notice} />;
      break;
    case "Email":
      body = <EmailStep email={state.email} notice={state.notice} />;
      break;
    case "RestorePassword":
      body = <RestorePasswordStep email={state.email} />;
      break;
    case "ConfirmRestorePassword":
      body = <ConfirmRestoreStep reset={state.reset} />;
      break;
    case "SignUp":
      body = <SignUpStep PhoneField={PhoneField} />;
      break;
    case "VerifyEmail":
      body = <VerifyEmailStep email={state.email} />;
      break;
    case "ConfirmEmail":
      body = <ConfirmEmailStep verify={state.verify} />;
      break;
  }

  return (
    <Dialog.Root
      open={state.open && !held}
      onOpenChange={(open) => (open ? openAuthDialog() : closeAuthDialog())}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onEscapeKeyDown={keepDialogOnListEscape}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            focusStep(bodyRef.current);
          }}
          onCloseAutoFocus={(event) => {
            // Back to the button that opened the dialog (Escape included), not to <body>. After a sign-in
            // that button is gone: the focus goes on to the page's next thing to do.
            event.preventDefault();
            const opener = authDialogOpener();
            if (opener) opener.focus();
            else focusNextStep();
          }}
          data-testid="auth-dialog"
          data-step={state.step}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-2xl font-extrabold">{t(dialogTitleKey(state.step))}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-900 hover:bg-slate-100"
              aria-label={t("close")}
            >
              <svg
                viewBox="0 0 24 24"
                className="size-6 fill-none stroke-current stroke-2"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 mb-5 text-sm text-slate-800">
            {t(DESCRIPTION_KEYS[state.step])}
          </Dialog.Description>
          <div ref={bodyRef} key={state.step} tabIndex={-1} className="focus:outline-none">
            {body}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function focusStep(body: HTMLElement | null) {
  const target = body?.querySelector<HTMLElement>("[data-autofocus]") ?? body;
  target?.focus();
  if (target instanceof HTMLInputElement && target.value) caretToEnd(target);
}

/**
 * A field that opens with text in it (the address carried from sign-in to "Passwort vergessen?") takes the
 * caret after that text, where typing goes on. An e-mail field has no selection API (`setSelectionRange`
 * throws for `type="email"`); its value written anew puts the caret at its end, and fires no event.
 */
function caretToEnd(input: HTMLInputElement) {
  const { value } = input;
  input.value = "";
  input.value = value;
}
