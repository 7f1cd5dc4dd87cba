import { ERROR_DISPLAY_MS, PasswordResetConfirmRequestSchema } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FormMessage, PasswordField } from "../../../components/ui/form-fields.tsx";
import { useErrorText } from "../../../lib/error-codes.ts";
import { authApi } from "../api/auth-api.ts";
import { moveAuthDialog } from "../auth-dialog-store.ts";
import { generalError } from "../auth-errors.ts";
import { useTimedMessage } from "./use-timed-message.ts";

type Values = { new_password1: string; new_password2: string; uid: string; token: string };

/** Step ConfirmRestorePassword: the new password for the link's uid and token (spec §7). */
export function ConfirmRestoreStep({ reset }: { reset?: { uid: string; token: string } | undefined }) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const [error, showError] = useTimedMessage<ReturnType<typeof generalError>>(ERROR_DISPLAY_MS.reset);
  const [done, setDone] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(PasswordResetConfirmRequestSchema),
    defaultValues: { new_password1: "", new_password2: "", uid: reset?.uid ?? "", token: reset?.token ?? "" },
    // Errors show on submit, then follow every change.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    showError(null);
    try {
      await authApi.confirmReset(values);
      setDone(true);
    } catch (caught) {
      showError(generalError(caught));
    }
  });

  const toSignIn = (
    <button
      type="button"
      className={`${buttonStyles.primary} w-full`}
      onClick={() => moveAuthDialog("Email")}
    >
      {t("toSignIn")}
    </button>
  );

  if (done) {
    return (
      <div className="space-y-4">
        <FormMessage tone="success" testId="reset-done">
          {t("resetDone")}
        </FormMessage>
        {toSignIn}
      </div>
    );
  }
  const linkError = errors.uid?.message ?? errors.token?.message;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t("titleRestore")}>
      <PasswordField
        label={t("newPassword")}
        showLabel={t("showPassword")}
        autoComplete="new-password"
        error={errorText(errors.new_password1?.message)}
        {...form.register("new_password1")}
      />
      <PasswordField
        label={t("repeatPassword")}
        showLabel={t("showRepeatPassword")}
        autoComplete="new-password"
        error={errorText(errors.new_password2?.message)}
        {...form.register("new_password2")}
      />
      <FormMessage tone="error">
        {linkError ? t("generalErrors.invalidToken") : error ? t(`generalErrors.${error}`) : null}
      </FormMessage>
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={isSubmitting}>
        {t("resetSubmit")}
      </button>
      <button
        type="button"
        className={`${buttonStyles.ghost} w-full`}
        onClick={() => moveAuthDialog("Email")}
      >
        {t("backToSignIn")}
      </button>
    </form>
  );
}
