import { ERROR_DISPLAY_MS } from "@atelier/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FormMessage } from "../../../components/ui/form-fields.tsx";
import { authApi } from "../api/auth-api.ts";
import { closeAuthDialog } from "../auth-dialog-store.ts";
import { generalError } from "../auth-errors.ts";
import { useTimedMessage } from "./use-timed-message.ts";

/** Step VerifyEmail: after sign-up the e-mail must be confirmed before signing in (spec §4, §8). */
export function VerifyEmailStep({ email }: { email?: string | undefined }) {
  const { t } = useTranslation("auth");
  const [resent, setResent] = useState(false);
  const [error, showError] = useTimedMessage<ReturnType<typeof generalError>>(ERROR_DISPLAY_MS.reset);
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    if (!email) return;
    setBusy(true);
    showError(null);
    setResent(false);
    try {
      await authApi.resendVerification({ email });
      setResent(true);
    } catch (caught) {
      showError(generalError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-slate-900" data-testid="verify-email">
        {t("verifyIntro", { email: email ?? "" })}
      </p>
      <p className="text-sm text-slate-800">{t("verifyHint")}</p>
      <FormMessage tone="success">{resent ? t("verificationResent") : null}</FormMessage>
      <FormMessage tone="error">{error ? t(`generalErrors.${error}`) : null}</FormMessage>
      <button
        type="button"
        className={`${buttonStyles.secondary} w-full`}
        disabled={busy || !email}
        onClick={() => void resend()}
      >
        {t("resendVerification")}
      </button>
      <button type="button" className={`${buttonStyles.ghost} w-full`} onClick={closeAuthDialog}>
        {t("close")}
      </button>
    </div>
  );
}
