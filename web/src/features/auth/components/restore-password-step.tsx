import { EMAIL_MAX_LENGTH, type EmailRequest, EmailRequestSchema, ERROR_DISPLAY_MS } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FormMessage, TextField } from "../../../components/ui/form-fields.tsx";
import { useErrorText } from "../../../lib/error-codes.ts";
import { authApi } from "../api/auth-api.ts";
import { moveAuthDialog } from "../auth-dialog-store.ts";
import { generalError } from "../auth-errors.ts";
import { useTimedMessage } from "./use-timed-message.ts";

/** Step RestorePassword: asks for the reset link; success hides the form (spec §4). */
export function RestorePasswordStep({ email }: { email?: string | undefined }) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const [error, showError] = useTimedMessage<ReturnType<typeof generalError>>(ERROR_DISPLAY_MS.reset);
  const [done, setDone] = useState(false);
  const form = useForm<EmailRequest>({
    resolver: zodResolver(EmailRequestSchema),
    defaultValues: { email: email ?? "" },
    // Errors show on submit, then follow every change.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    showError(null);
    try {
      await authApi.resetPassword(values);
      setDone(true);
    } catch (caught) {
      showError(generalError(caught));
    }
  });

  const back = (
    <button type="button" className={`${buttonStyles.ghost} w-full`} onClick={() => moveAuthDialog("Email")}>
      {t("backToSignIn")}
    </button>
  );

  if (done) {
    return (
      <div className="space-y-4">
        <FormMessage tone="success" testId="restore-success">
          {t("restoreSent")}
        </FormMessage>
        {back}
      </div>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t("titleRestore")}>
      <p className="text-sm text-slate-800">{t("restoreIntro")}</p>
      <TextField
        label={t("email")}
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        // Where typing starts when the step opens (D61), not the dialog's unnamed body (D627).
        data-autofocus
        error={errorText(errors.email?.message)}
        {...form.register("email")}
      />
      <FormMessage tone="error">{error ? t(`generalErrors.${error}`) : null}</FormMessage>
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={isSubmitting}>
        {t("restoreSubmit")}
      </button>
      {back}
    </form>
  );
}
