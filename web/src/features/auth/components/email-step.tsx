import { EMAIL_MAX_LENGTH, ERROR_DISPLAY_MS, SignInFormSchema, type SignInRequest } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FormMessage, PasswordField, TextField } from "../../../components/ui/form-fields.tsx";
import { useErrorText } from "../../../lib/error-codes.ts";
import { authApi } from "../api/auth-api.ts";
import { type AuthNotice, closeAuthDialog, moveAuthDialog } from "../auth-dialog-store.ts";
import { type SignInError, signInError } from "../auth-errors.ts";
import { completeSignIn } from "../sign-in-flow.ts";
import { useTimedMessage } from "./use-timed-message.ts";

const NOTICE_KEYS = {
  emailConfirmed: "notice.emailConfirmed",
  emailLinkInvalid: "notice.emailLinkInvalid",
  emailChangeSignIn: "notice.emailChangeSignIn",
  ssoFailed: "notice.ssoFailed",
  ssoNotConfigured: "notice.ssoNotConfigured",
  sessionEnded: "notice.sessionEnded",
} as const satisfies Record<AuthNotice, string>;

/**
 * The sign-in use case: the form, the submit that signs in and runs the after-sign-in steps, and the
 * resend of the verification mail when the address is not verified yet.
 */
function useEmailSignIn({
  email,
  onSignedIn,
  onBusy,
}: {
  email?: string | undefined;
  onSignedIn?: (() => void) | undefined;
  onBusy?: ((busy: boolean) => void) | undefined;
}) {
  const [error, showError] = useTimedMessage<SignInError>(ERROR_DISPLAY_MS.signIn);
  // Not cleared after 2 s: it offers an action (resend the verification mail).
  const [unverified, setUnverified] = useState<string | null>(null);
  const [resent, setResent] = useState<"sent" | "failed" | null>(null);
  // The note the dialog opened with ("e-mail confirmed") is stale once the parent tries to sign in: it
  // must not stand above a wrong-password message.
  const [showNotice, setShowNotice] = useState(true);
  const form = useForm<SignInRequest>({
    resolver: zodResolver(SignInFormSchema),
    defaultValues: { email: email ?? "", password: "" },
    // Errors show on submit, then follow every change.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setShowNotice(false);
    showError(null);
    setUnverified(null);
    setResent(null);
    onBusy?.(true);
    try {
      const { key } = await authApi.signIn(values);
      await completeSignIn(key);
      onBusy?.(false);
      if (onSignedIn) onSignedIn();
      else closeAuthDialog();
    } catch (caught) {
      onBusy?.(false);
      const kind = signInError(caught);
      if (kind === "emailNotVerified") setUnverified(values.email);
      else showError(kind);
    }
  });

  const resend = async () => {
    if (!unverified) return;
    try {
      await authApi.resendVerification({ email: unverified });
      setResent("sent");
    } catch {
      setResent("failed");
    }
  };

  return { form, error, unverified, resent, showNotice, onSubmit, resend };
}

/** Step Email: sign in with e-mail and password; links to RestorePassword and SignUp (spec §4). */
export function EmailStep({
  email,
  notice,
  onSignedIn,
  onMove,
  onBusy,
}: {
  email?: string | undefined;
  notice?: AuthNotice | undefined;
  /** After the sign-in and its after-sign-in steps; default: the dialog closes. */
  onSignedIn?: (() => void) | undefined;
  /** "Passwort vergessen?" and "Registrieren"; default: the dialog's steps. */
  onMove?: ((to: "RestorePassword" | "SignUp", email: string) => void) | undefined;
  /** The sign-in and the after-sign-in steps are running. */
  onBusy?: ((busy: boolean) => void) | undefined;
}) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const { form, error, unverified, resent, showNotice, onSubmit, resend } = useEmailSignIn({
    email,
    onSignedIn,
    onBusy,
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <div className="space-y-4">
      {notice && showNotice ? (
        <FormMessage
          tone={notice === "emailConfirmed" ? "success" : notice === "sessionEnded" ? "info" : "error"}
          testId="auth-notice"
        >
          {t(NOTICE_KEYS[notice])}
        </FormMessage>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t("signInForm")}>
        <TextField
          label={t("email")}
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          error={errorText(errors.email?.message)}
          data-autofocus
          {...form.register("email")}
        />
        <PasswordField
          label={t("password")}
          showLabel={t("showPassword")}
          autoComplete="current-password"
          error={errorText(errors.password?.message)}
          {...form.register("password")}
        />
        <FormMessage tone="error" testId="sign-in-error">
          {error ? t(`signInErrors.${error}`) : null}
        </FormMessage>
        {unverified ? (
          <div className="space-y-2 rounded-lg border-l-4 border-orange-800 bg-orange-50 px-3 py-2 text-sm">
            <p role="alert" className="font-semibold text-slate-900">
              {t("signInErrors.emailNotVerified")}
            </p>
            <button type="button" className={buttonStyles.secondary} onClick={() => void resend()}>
              {t("resendVerification")}
            </button>
            <FormMessage tone={resent === "failed" ? "error" : "success"}>
              {resent === "sent" ? t("verificationResent") : resent === "failed" ? t("somethingWrong") : null}
            </FormMessage>
          </div>
        ) : null}
        <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={isSubmitting}>
          {t("signInSubmit")}
        </button>
      </form>
      <div className="flex flex-col gap-1 text-sm sm:flex-row sm:justify-between">
        <button
          type="button"
          className="font-semibold text-orange-800 underline underline-offset-2 hover:text-orange-900"
          onClick={() =>
            onMove
              ? onMove("RestorePassword", form.getValues("email"))
              : moveAuthDialog("RestorePassword", { email: form.getValues("email") })
          }
        >
          {t("forgotPassword")}
        </button>
        <button
          type="button"
          className="font-semibold text-orange-800 underline underline-offset-2 hover:text-orange-900"
          onClick={() => (onMove ? onMove("SignUp", form.getValues("email")) : moveAuthDialog("SignUp"))}
        >
          {t("toSignUp")}
        </button>
      </div>
    </div>
  );
}
