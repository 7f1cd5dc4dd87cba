import "../i18n.ts";
import {
  CONTACT_POSITION_MAX_LENGTH,
  CONTACT_TEXT_MAX_LENGTH,
  ContactAppointmentSchema,
  ContactCallbackSchema,
  ContactPartnershipSchema,
  type ContactRequestKind,
  errorMessage,
  isErrorCode,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  sanitizePhoneInput,
  todayInBerlin,
} from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DEFAULT_COUNTRY } from "../../../components/phone-input/countries.ts";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { sendContactRequest } from "../api/contact.ts";
import { readServerErrors } from "../server-errors.ts";

type FieldName =
  | "first_name"
  | "last_name"
  | "email"
  | "phone"
  | "appointment_date"
  | "comment"
  | "message"
  | "position";

type FieldSpec = {
  name: FieldName;
  type: "text" | "email" | "tel" | "date" | "textarea";
  required: boolean;
  maxLength: number;
  autoComplete?: string;
};

const PERSON_FIELDS: FieldSpec[] = [
  {
    name: "first_name",
    type: "text",
    required: true,
    maxLength: NAME_MAX_LENGTH,
    autoComplete: "given-name",
  },
  {
    name: "last_name",
    type: "text",
    required: true,
    maxLength: NAME_MAX_LENGTH,
    autoComplete: "family-name",
  },
  { name: "email", type: "email", required: true, maxLength: 254, autoComplete: "email" },
  { name: "phone", type: "tel", required: true, maxLength: PHONE_MAX_LENGTH, autoComplete: "tel" },
];

const FORMS = {
  appointment: {
    schema: ContactAppointmentSchema,
    fields: [
      ...PERSON_FIELDS,
      { name: "appointment_date", type: "date", required: true, maxLength: 10 },
      { name: "comment", type: "textarea", required: false, maxLength: CONTACT_TEXT_MAX_LENGTH },
    ],
  },
  callback: {
    schema: ContactCallbackSchema,
    fields: [
      ...PERSON_FIELDS,
      { name: "comment", type: "textarea", required: false, maxLength: CONTACT_TEXT_MAX_LENGTH },
    ],
  },
  partnership: {
    schema: ContactPartnershipSchema,
    fields: [
      ...PERSON_FIELDS,
      {
        name: "position",
        type: "text",
        required: false,
        maxLength: CONTACT_POSITION_MAX_LENGTH,
        autoComplete: "organization-title",
      },
      { name: "message", type: "textarea", required: false, maxLength: CONTACT_TEXT_MAX_LENGTH },
    ],
  },
} satisfies Record<ContactRequestKind, { schema: unknown; fields: FieldSpec[] }>;

type Values = Partial<Record<FieldName, string>>;

const inputClass =
  "mt-1 block w-full rounded-xl border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-orange-800 focus:outline-none focus:ring-2 focus:ring-orange-800 aria-[invalid=true]:border-red-700";

/** One field of a contact form: its label, the input (the phone sanitised as typed), a hint and its error. */
function ContactField({
  field,
  baseId,
  form,
  error,
}: {
  field: FieldSpec;
  baseId: string;
  form: UseFormReturn<Values>;
  error: string;
}) {
  const { t } = useTranslation("contact");
  const id = `${baseId}-${field.name}`;
  const hintId = field.type === "tel" ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-required": field.required || undefined,
    "aria-describedby": describedBy,
    maxLength: field.maxLength,
    className: inputClass,
  };
  const registration = form.register(field.name, {
    onChange:
      field.type === "tel"
        ? (event) => form.setValue("phone", sanitizePhoneInput(event.target.value, DEFAULT_COUNTRY.dial))
        : undefined,
  });
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {t(`fields.${field.name}`)}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {field.type === "textarea" ? (
        <textarea rows={4} {...common} {...registration} />
      ) : (
        <input
          type={field.type}
          autoComplete={field.autoComplete}
          min={field.type === "date" ? todayInBerlin() : undefined}
          {...common}
          {...registration}
        />
      )}
      {hintId ? (
        <p id={hintId} className="mt-1 text-sm text-slate-700">
          {t("fields.phoneHint")}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The thanks after sending, focused when it shows, with the way to send another request. */
function ContactSent({
  kind,
  email,
  onAnother,
}: {
  kind: ContactRequestKind;
  email: string;
  onAnother: () => void;
}) {
  const { t } = useTranslation("contact");
  const successRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    successRef.current?.focus();
  }, []);
  return (
    <div
      ref={successRef}
      tabIndex={-1}
      role="status"
      className="mt-6 rounded-xl border border-green-700 bg-green-50 p-4 text-green-900 focus:outline-none"
    >
      <p className="font-semibold">{t(`success.${kind}`)}</p>
      <p className="mt-1" data-testid="contact-copy-sent">
        {t("copySent", { email })}
      </p>
      <button type="button" className={`${buttonStyles.secondary} mt-4`} onClick={onAnother}>
        {t("another")}
      </button>
    </div>
  );
}

/** One of the three contact forms: client validation with the contract's schema, server errors mapped by code. */
export function ContactForm({ kind }: { kind: ContactRequestKind }) {
  const { t } = useTranslation("contact");
  const locale = useLocale();
  const baseId = useId();
  const config = FORMS[kind];
  const fieldNames = config.fields.map((field) => field.name);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const headingId = `${baseId}-heading`;

  const form = useForm<Values>({
    resolver: zodResolver(config.schema) as unknown as Resolver<Values>,
    defaultValues: Object.fromEntries(fieldNames.map((name) => [name, name === "phone" ? "+49" : ""])),
    mode: "onSubmit",
    reValidateMode: "onBlur",
  });
  const { errors, isSubmitted } = form.formState;

  const mutation = useMutation({
    mutationFn: (values: Values) =>
      sendContactRequest(
        kind,
        Object.fromEntries(
          Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
        ),
      ),
    onMutate: () => setGeneralError(null),
    onError: (error) => {
      if (!(error instanceof ApiError)) return setGeneralError(t("errorGeneric"));
      if (error.status === 0) return setGeneralError(t("errorNetwork"));
      if (error.status === 429) return setGeneralError(t("errorThrottled"));
      const parsed = readServerErrors(error.body, fieldNames);
      parsed.fields.forEach((field, index) => {
        form.setError(
          field.name as FieldName,
          {
            type: "server",
            message: field.code ?? field.message,
          },
          { shouldFocus: index === 0 },
        );
      });
      if (parsed.general) setGeneralError(parsed.general);
      else if (parsed.fields.length === 0) setGeneralError(t("errorGeneric"));
    },
  });

  const errorText = (message: string | undefined) => {
    if (!message) return "";
    // A code has the contract's text; a message without a code is shown as the server wrote it.
    return isErrorCode(message) ? errorMessage(message, locale) : message;
  };

  const invalidCount = Object.keys(errors).length;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id={headingId} className="text-xl font-bold text-slate-900">
        {t(`kinds.${kind}`)}
      </h3>
      <p className="mt-1 text-slate-800">{t(`kindIntro.${kind}`)}</p>
      {mutation.isSuccess ? (
        <ContactSent
          kind={kind}
          email={mutation.variables?.email ?? ""}
          onAnother={() => {
            form.reset();
            mutation.reset();
          }}
        />
      ) : (
        <form
          noValidate
          aria-labelledby={headingId}
          onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
          className="mt-6 space-y-4"
        >
          <p className="text-sm text-slate-700">{t("required")}</p>
          {config.fields.map((field: FieldSpec) => (
            <ContactField
              key={field.name}
              field={field}
              baseId={baseId}
              form={form}
              error={errorText(errors[field.name]?.message)}
            />
          ))}
          <div role="alert" className="empty:hidden">
            {generalError ? (
              <p className="rounded-xl border border-red-300 bg-red-50 p-3 text-red-900">{generalError}</p>
            ) : isSubmitted && invalidCount > 0 ? (
              <p className="font-semibold text-red-800">{t("errorSummary")}</p>
            ) : null}
          </div>
          <button type="submit" disabled={mutation.isPending} className={buttonStyles.primary}>
            {mutation.isPending ? t("submitting") : t("submit")}
          </button>
        </form>
      )}
    </section>
  );
}
