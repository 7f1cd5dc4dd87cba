import { type EmailChangeRequest, EmailChangeRequestSchema } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FormMessage, TextField } from "../../../components/ui/form-fields.tsx";
import { errorCodes, errorCodesByField, useErrorText } from "../../../lib/error-codes.ts";
import { accountApi } from "../api/account-api.ts";

/**
 * A new e-mail address (POST /api/v2/users/me/email/, D577): the new address gets a link, and the account
 * moves when it is opened; until then the parent signs in with the old one, and the form says so.
 */
export function ChangeEmailForm() {
  const { t } = useTranslation("account");
  const errorText = useErrorText();
  const headingId = useId();
  const [sentTo, setSentTo] = useState<{ email: string; hours: number } | null>(null);
  const [failure, setFailure] = useState<"failed" | "throttled" | null>(null);
  const form = useForm<EmailChangeRequest>({
    resolver: zodResolver(EmailChangeRequestSchema),
    defaultValues: { email: "" },
    mode: "onTouched",
  });
  const { errors } = form.formState;

  const send = useMutation({
    mutationFn: (values: EmailChangeRequest) => accountApi.changeEmail(values),
    onSuccess: (sent) => {
      form.reset();
      setSentTo({ email: sent.email, hours: sent.valid_hours });
    },
    onError: (error) => {
      // The address refused (the account's own, another account's) says why under the field.
      const code = errorCodesByField(error).email?.[0];
      if (code) form.setError("email", { message: code }, { shouldFocus: true });
      else setFailure(errorCodes(error).includes("throttled") ? "throttled" : "failed");
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    setSentTo(null);
    setFailure(null);
    send.mutate(values);
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-bold">
        {t("changeEmail.heading")}
      </h2>
      <p className="text-sm text-slate-700">{t("changeEmail.text")}</p>
      <TextField
        label={t("changeEmail.newEmail")}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errorText(errors.email?.message)}
        {...form.register("email")}
      />
      <FormMessage tone={sentTo ? "success" : "error"} testId="change-email-result">
        {sentTo
          ? t("changeEmail.sent", sentTo)
          : failure === "throttled"
            ? t("throttled")
            : failure === "failed"
              ? t("somethingWrong")
              : null}
      </FormMessage>
      <button type="submit" className={buttonStyles.primary} disabled={send.isPending}>
        {t("changeEmail.submit")}
      </button>
    </form>
  );
}
