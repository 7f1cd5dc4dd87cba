import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { showAccountNotice } from "../../../lib/account-notice.ts";
import { openAuthDialog } from "../auth-dialog-store.ts";
import { EmailStep } from "./email-step.tsx";
import { type PhoneFieldComponent, SignUpStep } from "./sign-up-step.tsx";
import "../i18n.ts";

/** Where the verification link of a sign-up in the checkout leads back to (D167). */
export const CHECKOUT_RETURN_PATH = "/cart?step=checkout";

/**
 * Sign-up and sign-in inside the checkout (issue 24 item 2, D168): the cart stays on the page, the
 * parent registers (the default: this is where first-time parents arrive) or signs in, and the checkout's
 * next step follows without a dialog or a detour through the mailbox. The guest's children and cart move
 * over as after any sign-in; `onBusy` lets the page wait for that before it shows the next step.
 */
export function CheckoutSignIn({
  PhoneField,
  onBusy,
}: {
  PhoneField: PhoneFieldComponent;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation("auth");
  const [mode, setMode] = useState<"SignUp" | "Email">("SignUp");
  const [email, setEmail] = useState<string | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const formRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // "Zur Kasse" brought the parent here: the focus goes to this step, not the page body.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  // A switch between "Neu hier" and "Ich habe ein Konto" takes the focus to the form's first field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every switch on purpose
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    formRef.current?.querySelector<HTMLElement>("input")?.focus();
  }, [mode]);

  const tab = (value: "SignUp" | "Email", label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      className={`${mode === value ? buttonStyles.primary : buttonStyles.secondary} min-w-0 flex-1 px-3`}
      onClick={() => setMode(value)}
    >
      {label}
    </button>
  );

  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="checkout-sign-in">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none"
      >
        {t("checkoutAuth.heading")}
      </h2>
      <p className="text-sm text-slate-800">{t("checkoutAuth.intro")}</p>
      <fieldset className="min-w-0">
        <legend className="sr-only">{t("checkoutAuth.choice")}</legend>
        <div className="flex flex-wrap gap-2">
          {tab("SignUp", t("checkoutAuth.newHere"))}
          {tab("Email", t("checkoutAuth.haveAccount"))}
        </div>
      </fieldset>
      <div ref={formRef}>
        {mode === "SignUp" ? (
          <SignUpStep
            PhoneField={PhoneField}
            next={CHECKOUT_RETURN_PATH}
            onBusy={onBusy}
            onSignedUp={(address) => showAccountNotice({ kind: "signedUp", email: address })}
            onHaveAccount={() => setMode("Email")}
          />
        ) : (
          <EmailStep
            email={email}
            onBusy={onBusy}
            onSignedIn={() => undefined}
            onMove={(to, typed) => {
              setEmail(typed || undefined);
              if (to === "SignUp") setMode("SignUp");
              else openAuthDialog({ step: "RestorePassword", email: typed || undefined });
            }}
          />
        )}
      </div>
    </section>
  );
}
