import {
  EMAIL_MAX_LENGTH,
  ERROR_DISPLAY_MS,
  NAME_MAX_LENGTH,
  type SignUpReply,
  type SignUpRequest,
  SignUpRequestSchema,
  safeReturnPath,
} from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ComponentType, type Ref, useEffect, useId, useMemo } from "react";
import { type Control, Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FieldError, FormMessage, PasswordField, TextField } from "../../../components/ui/form-fields.tsx";
import { useErrorText } from "../../../lib/error-codes.ts";
import { authApi } from "../api/auth-api.ts";
import { moveAuthDialog } from "../auth-dialog-store.ts";
import { type SignUpError, signUpError } from "../auth-errors.ts";
import { completeSignIn } from "../sign-in-flow.ts";
import { clearSignUpDraft, loadSignUpDraft, saveSignUpDraft } from "../sign-up-draft.ts";
import { PasswordChecklist } from "./password-checklist.tsx";
import { useTimedMessage } from "./use-timed-message.ts";

/**
 * The phone input (components/phone-input), handed in by the app layer, which loads its country list only
 * when the form shows (tests hand in a plain input). Structural type: whatever renders a tel input with
 * these props fits.
 */
export type PhoneFieldComponent = ComponentType<{
  id: string;
  name?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  invalid?: boolean | undefined;
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  detectCountry?: boolean | undefined;
}>;

type SignUpField = Exclude<keyof SignUpRequest, "next">;

const FIELD_LABEL_KEYS = {
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  phone_number: "phone",
  password1: "password",
  password2: "repeatPassword",
} as const satisfies Record<SignUpField, string>;

/** The fields, in form order, that keep the submit disabled (the schema's verdict on the current values). */
function missingFields(values: Partial<SignUpRequest>): SignUpField[] {
  const result = SignUpRequestSchema.safeParse(values);
  if (result.success) return [];
  const fields = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? "")));
  // A refinement across fields (the repeat) may report at the root: it belongs to the repeat.
  if (fields.has("")) fields.add("password2");
  return (Object.keys(FIELD_LABEL_KEYS) as SignUpField[]).filter((field) => fields.has(field));
}

/**
 * Where the verification link of a sign-up made here leads back to (D167): this page, without the
 * one-time values of links and without the locale (the link sets its own).
 */
export function currentReturnPath(): string | undefined {
  if (typeof window === "undefined") return undefined;
  // /login only opens this dialog: the way back from it is the home page.
  if (window.location.pathname === "/login") return "/";
  const params = new URLSearchParams(window.location.search);
  for (const key of ["uid", "token", "verify_token", "email", "locale", "code", "state", "sso_provider"])
    params.delete(key);
  const query = params.toString();
  const path = `${window.location.pathname}${query ? `?${query}` : ""}`;
  return safeReturnPath(path) ?? undefined;
}

/**
 * The sign-up form's state and its use case: the draft that follows every change, the fields still
 * missing, and the submit that registers, signs in (D166) and moves on.
 */
function useSignUpForm({
  next,
  onSignedUp,
  onBusy,
}: {
  next?: string | undefined;
  onSignedUp?: ((email: string) => void) | undefined;
  onBusy?: ((busy: boolean) => void) | undefined;
}) {
  const [error, showError] = useTimedMessage<SignUpError>(ERROR_DISPLAY_MS.signUp);
  const form = useForm<SignUpRequest>({
    resolver: zodResolver(SignUpRequestSchema),
    defaultValues: {
      first_name: "",
      last_name: "",
      email: "",
      // Spec §2: Germany with +49 prefilled.
      phone_number: "+49",
      password1: "",
      password2: "",
      ...loadSignUpDraft(),
    },
    mode: "onTouched",
  });
  const values = useWatch({ control: form.control });
  // Spec §5: submit stays disabled until every field is valid. Checked synchronously on the values:
  // RHF's isValid flips while a blur re-validates, which would swallow a click on the button.
  const missing = useMemo(() => missingFields(values), [values]);

  // The draft follows every change (spec §3 signUpCredentials), without the passwords.
  useEffect(() => {
    const subscription = form.watch((values) => saveSignUpDraft(values));
    return () => subscription.unsubscribe();
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    showError(null);
    let reply: SignUpReply;
    onBusy?.(true);
    try {
      reply = await authApi.signUp({ ...values, next: next ?? currentReturnPath() });
    } catch (caught) {
      onBusy?.(false);
      showError(signUpError(caught));
      return;
    }
    clearSignUpDraft();
    const email = reply.email || values.email;
    try {
      // Signed in at once (D166): the guest's children and cart move over before the next step shows.
      // An older server answered without a key: the parent signs in after verifying (D16).
      if (reply.key) await completeSignIn(reply.key);
    } catch (caught) {
      // Registered, but this browser could not load the account: the parent signs in after verifying.
      console.error("sign-in after sign-up failed", caught);
    }
    onBusy?.(false);
    if (onSignedUp) onSignedUp(email);
    else moveAuthDialog("VerifyEmail", { email });
  });

  return { form, error, values, missing, onSubmit };
}

/** The phone number: the app's phone input under its label, with its error below (spec §2). */
function SignUpPhoneField({
  PhoneField,
  control,
  error,
}: {
  PhoneField: PhoneFieldComponent;
  control: Control<SignUpRequest>;
  error: string | undefined;
}) {
  const { t } = useTranslation("auth");
  const phoneId = useId();
  const phoneErrorId = `${phoneId}-error`;
  return (
    <div>
      <label htmlFor={phoneId} className="block text-sm font-semibold text-slate-900">
        {t("phone")}
      </label>
      <Controller
        control={control}
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
            detectCountry
          />
        )}
      />
      <FieldError id={phoneErrorId} error={error} />
    </div>
  );
}

/**
 * Step SignUp (spec §2/§5): registration. The reply's key signs this browser in at once (D166); in the
 * dialog the step moves on to VerifyEmail carrying the e-mail, in the checkout `onSignedUp` takes over.
 */
export function SignUpStep({
  PhoneField,
  next,
  onSignedUp,
  onHaveAccount,
  onBusy,
}: {
  PhoneField: PhoneFieldComponent;
  /** The page the verification link leads back to (default: this page). */
  next?: string | undefined;
  /** Signed in after the sign-up (the after-sign-in steps done); default: the dialog's VerifyEmail. */
  onSignedUp?: ((email: string) => void) | undefined;
  /** "Schon registriert? Anmelden"; default: the dialog's Email step. */
  onHaveAccount?: (() => void) | undefined;
  /** The sign-up and the after-sign-in steps are running (the checkout waits with its next step). */
  onBusy?: ((busy: boolean) => void) | undefined;
}) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const checklistId = useId();
  const missingId = useId();
  const { form, error, values, missing, onSubmit } = useSignUpForm({ next, onSignedUp, onBusy });
  const { errors, isSubmitting } = form.formState;
  const password1 = values.password1 ?? "";
  const complete = missing.length === 0;
  const passwordTooLong = errors.password1?.message === "password_too_long";
  // The first name has the focus from the start: left without a letter typed, it says nothing yet (a click
  // elsewhere would otherwise show "required" under it and move the form, D627); the list under the
  // disabled button still names it. Once typed in, it checks itself when left like every field.
  const firstName = form.register("first_name");
  const firstNameField = {
    ...firstName,
    onBlur: async (event: React.FocusEvent<HTMLInputElement>) => {
      if (event.target.value === "" && !form.getFieldState("first_name").isDirty) return;
      await firstName.onBlur(event);
    },
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t("titleRegistration")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("firstName")}
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          error={errorText(errors.first_name?.message)}
          // Where typing starts: the dialog focuses it on open (D61's `data-autofocus`).
          data-autofocus
          {...firstNameField}
        />
        <TextField
          label={t("lastName")}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          error={errorText(errors.last_name?.message)}
          {...form.register("last_name")}
        />
      </div>
      <TextField
        label={t("email")}
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        error={errorText(errors.email?.message)}
        {...form.register("email")}
      />
      <SignUpPhoneField
        PhoneField={PhoneField}
        control={form.control}
        error={errorText(errors.phone_number?.message)}
      />
      <PasswordField
        label={t("password")}
        showLabel={t("showPassword")}
        autoComplete="new-password"
        hint={<PasswordChecklist id={checklistId} password={password1} />}
        error={passwordTooLong ? errorText("password_too_long") : undefined}
        aria-invalid={errors.password1 ? true : undefined}
        {...form.register("password1", {
          // The repeat follows a changed password, once the visitor has been there (not before).
          onChange: () => {
            if (form.getFieldState("password2").isTouched) void form.trigger("password2");
          },
        })}
      />
      <PasswordField
        label={t("repeatPassword")}
        showLabel={t("showRepeatPassword")}
        autoComplete="new-password"
        error={errorText(errors.password2?.message)}
        {...form.register("password2")}
      />
      <FormMessage tone="error" testId="sign-up-error">
        {error ? t(`signUpErrors.${error}`) : null}
      </FormMessage>
      <button
        type="submit"
        className={`${buttonStyles.primary} w-full`}
        // Spec §5: disabled until every field is valid.
        disabled={!complete || isSubmitting}
        aria-describedby={complete ? undefined : missingId}
      >
        {t("signUpSubmit")}
      </button>
      {/* Says why the button is still disabled, while the parent types (decision D61). */}
      <p id={missingId} className="text-sm text-slate-800" data-testid="sign-up-missing" aria-live="polite">
        {complete
          ? null
          : t("missingFields", { fields: missing.map((field) => t(FIELD_LABEL_KEYS[field])).join(", ") })}
      </p>
      <button
        type="button"
        className={`${buttonStyles.ghost} w-full`}
        onClick={onHaveAccount ?? (() => moveAuthDialog("Email"))}
      >
        {t("haveAccount")}
      </button>
    </form>
  );
}
