import { PASSWORD_MAX_LENGTH } from "@atelier/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FormMessage, PasswordField } from "../../../components/ui/form-fields.tsx";
import { showAccountNotice } from "../../../lib/account-notice.ts";
import { errorCodesByField, useErrorText } from "../../../lib/error-codes.ts";
import { authApi } from "../api/auth-api.ts";
import { closeAuthDialog, moveAuthDialog } from "../auth-dialog-store.ts";
import { generalError } from "../auth-errors.ts";
import { completeSignIn } from "../sign-in-flow.ts";

/**
 * Step ConfirmEmail (D540): a verification link opened outside the registering browser is confirmed with
 * the password chosen at sign-up, then signs this browser in. Whoever never registered does not know it
 * and sets their own through "Passwort vergessen?".
 */
export function ConfirmEmailStep({ verify }: { verify?: { uid: string; token: string } | undefined }) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const [linkError, setLinkError] = useState<ReturnType<typeof generalError> | null>(null);
  const form = useForm<{ password: string }>({ defaultValues: { password: "" }, mode: "onSubmit" });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setLinkError(null);
    if (!password) {
      form.setError("password", { message: "verify_password_required" }, { shouldFocus: true });
      return;
    }
    try {
      const { key, email } = await authApi.verifyEmail({
        uid: verify?.uid ?? "",
        token: verify?.token ?? "",
        password,
      });
      await completeSignIn(key);
      showAccountNotice({ kind: "verified", email });
      closeAuthDialog();
    } catch (caught) {
      const code = errorCodesByField(caught).password?.[0];
      if (code) form.setError("password", { message: code }, { shouldFocus: true });
      else setLinkError(generalError(caught));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t("confirmEmailForm")}>
      <PasswordField
        label={t("password")}
        showLabel={t("showPassword")}
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={errorText(errors.password?.message)}
        data-autofocus
        {...form.register("password")}
      />
      <FormMessage tone="error">{linkError ? t(`generalErrors.${linkError}`) : null}</FormMessage>
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={isSubmitting}>
        {t("confirmEmailSubmit")}
      </button>
      <button
        type="button"
        className="font-semibold text-orange-800 underline underline-offset-2 hover:text-orange-900"
        onClick={() => moveAuthDialog("RestorePassword")}
      >
        {t("forgotPassword")}
      </button>
    </form>
  );
}
