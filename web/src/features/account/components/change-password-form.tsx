import { type PasswordChangeRequest, PasswordChangeRequestSchema } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FormMessage, PasswordField } from "../../../components/ui/form-fields.tsx";
import { errorCodes, useErrorText } from "../../../lib/error-codes.ts";
import { accountApi } from "../api/account-api.ts";

/** Change password (POST /api/v2/users/auth/password/change/): 8+ with upper, lower and digit. */
export function ChangePasswordForm() {
  const { t } = useTranslation("account");
  const errorText = useErrorText();
  const headingId = useId();
  const [result, setResult] = useState<"saved" | "failed" | "throttled" | null>(null);
  const form = useForm<PasswordChangeRequest>({
    resolver: zodResolver(PasswordChangeRequestSchema),
    defaultValues: { new_password1: "", new_password2: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      await accountApi.changePassword(values);
      form.reset();
      setResult("saved");
    } catch (error) {
      setResult(errorCodes(error).includes("throttled") ? "throttled" : "failed");
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-bold">
        {t("changePassword")}
      </h2>
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
      <FormMessage tone={result === "saved" ? "success" : "error"} testId="change-password-result">
        {result === "saved"
          ? t("passwordChanged")
          : result === "throttled"
            ? t("throttled")
            : result === "failed"
              ? t("somethingWrong")
              : null}
      </FormMessage>
      <button type="submit" className={buttonStyles.primary} disabled={isSubmitting}>
        {t("changePasswordSubmit")}
      </button>
    </form>
  );
}
