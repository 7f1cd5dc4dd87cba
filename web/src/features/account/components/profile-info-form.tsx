import { ProfileUpdateRequestSchema, postCodeIssue, TEXT_MAX_LENGTH, type User } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, type Ref, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FieldError, FormMessage, TextField } from "../../../components/ui/form-fields.tsx";
import { errorCodesByField, useErrorText } from "../../../lib/error-codes.ts";
import { accountApi } from "../api/account-api.ts";
import {
  isBareDialCode,
  type ProfileField,
  type ProfileFormValues,
  profileChanges,
  profileFormValues,
} from "../profile-form-values.ts";

/** The phone input (components/phone-input), handed in by the route (the sign-up form gets it loaded lazily). */
export type PhoneFieldComponent = ComponentType<{
  id: string;
  name?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  invalid?: boolean | undefined;
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
}>;

const FormSchema = ProfileUpdateRequestSchema.pick({
  first_name: true,
  last_name: true,
  phone_number: true,
  company_name: true,
  city: true,
  country: true,
  state: true,
  street: true,
  post_code: true,
});

const TEXT_FIELDS: { field: Exclude<ProfileField, "phone_number">; autoComplete: string }[] = [
  { field: "first_name", autoComplete: "given-name" },
  { field: "last_name", autoComplete: "family-name" },
  { field: "company_name", autoComplete: "organization" },
  { field: "street", autoComplete: "street-address" },
  { field: "post_code", autoComplete: "postal-code" },
  { field: "city", autoComplete: "address-level2" },
  { field: "state", autoComplete: "address-level1" },
  { field: "country", autoComplete: "country-name" },
];

/** Profile info (spec §3 User fields), saved with PATCH /api/v2/users/add_profile_info/. */
export function ProfileInfoForm({
  user,
  PhoneField,
  onSaved,
}: {
  user: User;
  PhoneField: PhoneFieldComponent;
  onSaved: (user: User) => void;
}) {
  const { t } = useTranslation("account");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const phoneId = useId();
  const [result, setResult] = useState<"saved" | "failed" | null>(null);
  const initial = profileFormValues(user);
  const form = useForm<ProfileFormValues>({
    // The phone may be left as a bare dial code ("no phone"), so the schema sees it normalised.
    resolver: (values, context, options) =>
      zodResolver(
        // The post code is checked against the country when either changes (D605): an older address does
        // not stop a new phone number from being saved.
        FormSchema.superRefine((typed, ctx) => {
          if (typed.post_code !== initial.post_code || typed.country !== initial.country)
            postCodeIssue(typed, ctx);
        }),
      )(
        { ...values, phone_number: isBareDialCode(values.phone_number) ? "+" : values.phone_number },
        context,
        options as never,
      ) as never,
    defaultValues: initial,
    mode: "onTouched",
  });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: (values: ProfileFormValues) =>
      accountApi.updateProfile(profileChanges(initial, values, isBareDialCode)),
    onSuccess: (saved) => {
      setResult("saved");
      queryClient.setQueryData(["users", "me", String(saved.pk)], saved);
      form.reset(profileFormValues(saved));
      onSaved(saved);
    },
    onError: (error) => {
      // Each refused field says why under it, in the contract's words (a phone number another account
      // uses: `phone_unique`); only a failure no field explains is "something went wrong".
      const byField = errorCodesByField(error);
      let explained = false;
      // In the form's order, so the first refused field on screen takes the focus.
      for (const field of [...TEXT_FIELDS.map((entry) => entry.field), "phone_number"] as const) {
        const code = byField[field]?.[0];
        if (!code) continue;
        form.setError(field, { message: code }, { shouldFocus: !explained });
        explained = true;
      }
      setResult(explained ? null : "failed");
    },
  });

  const phoneErrorId = `${phoneId}-error`;
  return (
    <form
      noValidate
      aria-labelledby={`${phoneId}-heading`}
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => {
        setResult(null);
        save.mutate(values);
      })}
    >
      <h2 id={`${phoneId}-heading`} className="text-xl font-bold">
        {t("profileInfo")}
      </h2>
      <TextField label={t("email")} hint={t("emailHint")} value={user.email} readOnly disabled />
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ field, autoComplete }) => (
          <TextField
            key={field}
            label={t(`fields.${field}`)}
            autoComplete={autoComplete}
            maxLength={TEXT_MAX_LENGTH}
            error={errorText(errors[field]?.message)}
            {...form.register(field)}
          />
        ))}
      </div>
      <div>
        <label htmlFor={phoneId} className="block text-sm font-semibold text-slate-900">
          {t("fields.phone_number")}
        </label>
        <Controller
          control={form.control}
          name="phone_number"
          render={({ field, fieldState }) => (
            <PhoneField
              id={phoneId}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              invalid={fieldState.invalid}
              describedBy={fieldState.invalid ? phoneErrorId : undefined}
            />
          )}
        />
        <FieldError id={phoneErrorId} error={errorText(errors.phone_number?.message)} />
      </div>
      <FormMessage tone={result === "failed" ? "error" : "success"} testId="profile-info-result">
        {result === "saved" ? t("profileSaved") : result === "failed" ? t("somethingWrong") : null}
      </FormMessage>
      <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
        {t("save")}
      </button>
    </form>
  );
}
