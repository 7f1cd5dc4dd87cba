import "../i18n.ts";
import {
  AGE_REFUSAL_CODES,
  isErrorCode,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  type ProductDetail,
  sanitizePhoneInput,
  todayInBerlin,
  VISIT_REQUEST_MAX_ADULTS,
  VISIT_REQUEST_MAX_CHILDREN,
  type Visitor,
  VisitRequestFormSchema,
  type VisitRequestKind,
  WaitingRequestFormSchema,
} from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { type FieldPath, type Resolver, type UseFormReturn, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DEFAULT_COUNTRY } from "../../../components/phone-input/countries.ts";
import { keepDialogOnListEscape } from "../../../components/phone-input/phone-input.tsx";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { TextField } from "../../../components/ui/form-fields.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorCodesByField, serverMessage, useErrorText } from "../../../lib/error-codes.ts";
import { focusFirstError } from "../../../lib/first-error-focus.ts";
import { sendVisitRequest } from "../api/visit-requests-api.ts";
import { splitTrialChoice, VisitDateField } from "./trial-date-field.tsx";

type ChildValues = { id: number | null; first_name: string; last_name: string; birth_date: string };
type AdultValues = { first_name: string; last_name: string; email: string; phone: string; relation: string };
type Values = { product_page: number; children: ChildValues[]; adults: AdultValues[]; date: string };

/** The first adult as the signed-in parent's profile has them. */
export type AdultPrefill = Partial<Pick<AdultValues, "first_name" | "last_name" | "email" | "phone">>;

const emptyChild = (): ChildValues => ({ id: null, first_name: "", last_name: "", birth_date: "" });
const emptyAdult = (prefill: AdultPrefill = {}): AdultValues => ({
  first_name: prefill.first_name ?? "",
  last_name: prefill.last_name ?? "",
  email: prefill.email ?? "",
  phone: prefill.phone || "+49",
  relation: "",
});

/**
 * Empty optional inputs are "not given" for the contract (a birth date or a waiting request's date
 * of "" would be an invalid date; a trial without a date is "required").
 */
function normalize(values: Values) {
  // A trial's choice names the day and its group (D329).
  const { date, slot } = splitTrialChoice(values.date.trim());
  return {
    ...values,
    children: values.children.map((child) => ({ ...child, birth_date: child.birth_date || null })),
    date: date || undefined,
    ...(slot === null ? {} : { schedule_slot: slot }),
  };
}

function resolverFor(kind: VisitRequestKind): Resolver<Values> {
  const inner = zodResolver(
    kind === "waiting" ? WaitingRequestFormSchema : VisitRequestFormSchema,
  ) as unknown as Resolver<ReturnType<typeof normalize>>;
  return (values, context, options) =>
    inner(normalize(values), context, options as never) as ReturnType<Resolver<Values>>;
}

const isAgeRefusal = (code: string) => (AGE_REFUSAL_CODES as readonly string[]).includes(code);

/** An error's text: a code's own text, or the server's words where they were kept (an age refusal). */
const codeOrWords = (message: string | undefined, text: (code: string | undefined) => string | undefined) =>
  message === undefined || isErrorCode(message) ? text(message) : message;

/** Field paths the form shows as inputs: a server error on one of them goes under it. */
const TYPED_FIELD =
  /^(children\.\d+\.(first_name|last_name|birth_date)|adults\.\d+\.(first_name|last_name|email|phone|relation)|date|schedule_slot)$/;

/**
 * A refused request's errors: each under its input (the first on screen focused), the trial's group at the date's list
 * (D329); what has no input (the product, a saved child, the whole request, the network) above the button.
 */
function showServerErrors(
  error: Error,
  form: UseFormReturn<Values>,
  formElement: HTMLFormElement | null,
  setGeneralError: (text: string) => void,
  t: (key: "errorGeneric" | "errorNetwork" | "errorThrottled") => string,
) {
  if (!(error instanceof ApiError)) return setGeneralError(t("errorGeneric"));
  if (error.status === 0) return setGeneralError(t("errorNetwork"));
  if (error.status === 429) return setGeneralError(t("errorThrottled"));
  const byField = Object.entries(errorCodesByField(error)).filter(([field]) => field !== "detail");
  // A saved child has no inputs: an error on one of its fields is said above the button.
  const shown = (field: string) => {
    if (!TYPED_FIELD.test(field)) return false;
    const child = /^children\.(\d+)\./.exec(field);
    return !child || form.getValues("children")[Number(child[1])]?.id == null;
  };
  const typed = byField.filter(([field]) => shown(field));
  for (const [field, codes] of typed) {
    const code = codes[0] ?? "invalid";
    form.setError((field === "schedule_slot" ? "date" : field) as FieldPath<Values>, {
      type: "server",
      // A trial child's age names the child, its age and the group (as a booking's refusal does): the
      // server's words carry those numbers, the code's text alone has only their places.
      message: isAgeRefusal(code) ? (serverMessage(error, field) ?? code) : code,
    });
  }
  focusFirstError(formElement, invalidIn(form));
  if (typed.length < byField.length || byField.length === 0) {
    setGeneralError(serverMessage(error) ?? t("errorGeneric"));
  }
}

/** Whether the form's field of this name is refused now; "children" is the list as a whole (none named). */
const invalidIn = (form: UseFormReturn<Values>) => (name: string) =>
  name === "children"
    ? // The field's state now: `formState` is the last render's, and a refused submit asks before the next.
      noChildError(form.getFieldState("children").error as Parameters<typeof noChildError>[0]) !== undefined
    : form.getFieldState(name as FieldPath<Values>).invalid;

/** The refusal of the children's list as a whole ("name a child"), not of one typed child's field. */
const noChildError = (errors: { message?: string; root?: { message?: string } } | undefined) =>
  errors?.message ?? errors?.root?.message;

function useVisitRequestForm(
  kind: VisitRequestKind,
  productPage: number,
  hasSavedChildren: boolean,
  adult: AdultPrefill | undefined,
) {
  return useForm<Values>({
    resolver: resolverFor(kind),
    defaultValues: {
      product_page: productPage,
      children: hasSavedChildren ? [] : [emptyChild()],
      adults: [emptyAdult(adult)],
      date: "",
    },
    mode: "onSubmit",
    reValidateMode: "onBlur",
    // The first error on screen takes the focus (`focusFirstError`), not the first registered.
    shouldFocusError: false,
  });
}

/** Moves the focus to `target` instead of where the dialog would put it (the close button, the body). */
function focusOn(event: Event, target: HTMLElement | null | undefined) {
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/** The children asked for: saved ones to tick, others typed in (at least one in all). */
function ChildrenFieldset({
  form,
  savedChildren,
}: {
  form: UseFormReturn<Values>;
  savedChildren: Visitor[];
}) {
  const { t } = useTranslation("visitRequests");
  // "key", not the default "id": a child's own `id` (a saved child) must survive in the field array.
  const children = useFieldArray({ control: form.control, name: "children", keyName: "key" });
  const errors = form.formState.errors.children;
  // "Name a child": tied to the saved children's boxes, the first of which takes the focus (D627).
  const noChild = noChildError(errors) !== undefined;
  const noChildId = useId();
  const picked = new Set(children.fields.map((child) => child.id));
  const toggle = (visitor: Visitor, checked: boolean) => {
    if (checked) {
      children.append({
        id: visitor.id,
        first_name: visitor.first_name,
        last_name: visitor.last_name,
        birth_date: visitor.birth_date ?? "",
      });
    } else {
      const index = children.fields.findIndex((child) => child.id === visitor.id);
      if (index >= 0) children.remove(index);
    }
  };
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-bold">{t("children.legend")} *</legend>
      {savedChildren.length > 0 ? (
        <SavedChildren
          visitors={savedChildren}
          picked={picked}
          onToggle={toggle}
          errorId={noChild ? noChildId : undefined}
        />
      ) : null}
      {children.fields.map((child, index) =>
        child.id !== null ? null : (
          <ChildCard
            key={child.key}
            form={form}
            index={index}
            removable={children.fields.length > 1 || savedChildren.length > 0}
            onRemove={() => children.remove(index)}
          />
        ),
      )}
      {noChild ? (
        <p id={noChildId} className="text-sm font-semibold text-red-800">
          {t("children.none")}
        </p>
      ) : null}
      {children.fields.length < VISIT_REQUEST_MAX_CHILDREN ? (
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => children.append(emptyChild())}
        >
          {t("children.add")}
        </button>
      ) : null}
    </fieldset>
  );
}

/** The adults: the first gets the confirmation; more may be added (a second parent, a nanny). */
function AdultsFieldset({ form }: { form: UseFormReturn<Values> }) {
  const { t } = useTranslation("visitRequests");
  const adults = useFieldArray({ control: form.control, name: "adults", keyName: "key" });
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-bold">{t("adults.legend")} *</legend>
      <p className="text-sm text-slate-700">{t("adults.confirmationNote")}</p>
      {adults.fields.map((field, index) => (
        <AdultCard key={field.key} form={form} index={index} onRemove={() => adults.remove(index)} />
      ))}
      {adults.fields.length < VISIT_REQUEST_MAX_ADULTS ? (
        <button type="button" className={buttonStyles.secondary} onClick={() => adults.append(emptyAdult())}>
          {t("adults.add")}
        </button>
      ) : null}
    </fieldset>
  );
}

/** The parent's saved children to tick (a signed-in parent's, or a guest's kept in this browser). */
function SavedChildren({
  visitors,
  picked,
  onToggle,
  errorId,
}: {
  visitors: Visitor[];
  picked: Set<number | null>;
  onToggle: (visitor: Visitor, checked: boolean) => void;
  /** The "name a child" refusal's element, while it stands. */
  errorId: string | undefined;
}) {
  const { t } = useTranslation("visitRequests");
  return (
    <div>
      <p className="text-sm font-semibold">{t("children.saved")}</p>
      <ul className="mt-2 space-y-2">
        {visitors.map((visitor) => (
          <li key={visitor.id}>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                // Named as the list, so the first refused field on screen is found here (focusFirstError).
                name="children"
                aria-invalid={errorId ? true : undefined}
                aria-describedby={errorId}
                className="size-5 accent-orange-800"
                checked={picked.has(visitor.id)}
                onChange={(event) => onToggle(visitor, event.target.checked)}
              />
              {visitor.first_name} {visitor.last_name}
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The request is in: said where the focus goes, with the address the copy went to. */
function SentNotice({
  kind,
  email,
  focusRef,
}: {
  kind: VisitRequestKind;
  email: string;
  focusRef: { current: HTMLDivElement | null };
}) {
  const { t } = useTranslation("visitRequests");
  return (
    <div className="mt-6">
      <div
        ref={focusRef}
        tabIndex={-1}
        role="status"
        className="rounded-xl border border-green-700 bg-green-50 p-4 text-green-900 focus:outline-none"
      >
        <p className="font-semibold">{t(`success.${kind}`)}</p>
        <p className="mt-1">{t("copySent", { email })}</p>
      </div>
      <div className="mt-6 flex justify-end">
        <Dialog.Close className={buttonStyles.primary}>{t("close")}</Dialog.Close>
      </div>
    </div>
  );
}

/** A child typed in (not a saved one): first and last name, and the birth date if the family gives it. */
function ChildCard({
  form,
  index,
  removable,
  onRemove,
}: {
  form: UseFormReturn<Values>;
  index: number;
  removable: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation("visitRequests");
  const text = useErrorText();
  const errors = form.formState.errors.children?.[index];
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold">{t("children.child", { number: index + 1 })}</p>
        {removable ? (
          <button type="button" className="text-sm underline underline-offset-2" onClick={onRemove}>
            {t("children.remove", { number: index + 1 })}
          </button>
        ) : null}
      </div>
      <TextField
        label={`${t("children.firstName")} *`}
        autoComplete="off"
        maxLength={NAME_MAX_LENGTH}
        aria-required
        error={text(errors?.first_name?.message)}
        {...form.register(`children.${index}.first_name`)}
      />
      <TextField
        className="mt-3"
        label={`${t("children.lastName")} *`}
        autoComplete="off"
        maxLength={NAME_MAX_LENGTH}
        aria-required
        error={text(errors?.last_name?.message)}
        {...form.register(`children.${index}.last_name`)}
      />
      <TextField
        className="mt-3"
        type="date"
        label={t("children.birthDate")}
        max={todayInBerlin()}
        error={codeOrWords(errors?.birth_date?.message, text)}
        {...form.register(`children.${index}.birth_date`)}
      />
    </div>
  );
}

/** One adult: name, e-mail and phone (the way to reach the family), and how they are related. */
function AdultCard({
  form,
  index,
  onRemove,
}: {
  form: UseFormReturn<Values>;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation("visitRequests");
  const text = useErrorText();
  const errors = form.formState.errors.adults?.[index];
  // The first adult is the one filling in: the browser may fill in their own details.
  const own = (token: string) => (index === 0 ? token : "off");
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold">{t("adults.adult", { number: index + 1 })}</p>
        {index > 0 ? (
          <button type="button" className="text-sm underline underline-offset-2" onClick={onRemove}>
            {t("adults.remove", { number: index + 1 })}
          </button>
        ) : null}
      </div>
      <TextField
        label={`${t("adults.firstName")} *`}
        autoComplete={own("given-name")}
        maxLength={NAME_MAX_LENGTH}
        aria-required
        error={text(errors?.first_name?.message)}
        {...form.register(`adults.${index}.first_name`)}
      />
      <TextField
        className="mt-3"
        label={`${t("adults.lastName")} *`}
        autoComplete={own("family-name")}
        maxLength={NAME_MAX_LENGTH}
        aria-required
        error={text(errors?.last_name?.message)}
        {...form.register(`adults.${index}.last_name`)}
      />
      <TextField
        className="mt-3"
        type="email"
        label={`${t("adults.email")} *`}
        autoComplete={own("email")}
        maxLength={254}
        aria-required
        error={text(errors?.email?.message)}
        {...form.register(`adults.${index}.email`)}
      />
      <TextField
        className="mt-3"
        type="tel"
        label={`${t("adults.phone")} *`}
        hint={t("adults.phoneHint")}
        autoComplete={own("tel")}
        maxLength={PHONE_MAX_LENGTH}
        aria-required
        error={text(errors?.phone?.message)}
        {...form.register(`adults.${index}.phone`, {
          onChange: (event) =>
            form.setValue(
              `adults.${index}.phone`,
              sanitizePhoneInput(event.target.value, DEFAULT_COUNTRY.dial),
            ),
        })}
      />
      <TextField
        className="mt-3"
        label={t("adults.relation")}
        maxLength={NAME_MAX_LENGTH}
        error={text(errors?.relation?.message)}
        {...form.register(`adults.${index}.relation`)}
      />
    </div>
  );
}

/**
 * The request dialog of the product page (D84), one for the three kinds of D71: the children (saved
 * ones to tick, or typed), one or more adults (the first gets the confirmation), and the date.
 * Validated with the contract's schema; the server's field errors go under their fields.
 */
export function VisitRequestDialog({
  kind,
  product,
  open,
  onOpenChange,
  savedChildren = [],
  adult,
  returnFocusTo,
}: {
  kind: VisitRequestKind;
  /** The course's times and closures give a trial's dates (D297); without them the date is typed. */
  product: { id: number; name: string } & Partial<Pick<ProductDetail, "schedule_slots" | "closures">>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The parent's children (signed in: from the server; a guest: from local storage). */
  savedChildren?: Visitor[];
  adult?: AdultPrefill;
  /** The button that opened the dialog: the focus goes back to it on close. */
  returnFocusTo?: { current: HTMLElement | null };
}) {
  const { t } = useTranslation("visitRequests");
  const [generalError, setGeneralError] = useState<string | null>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const form = useVisitRequestForm(kind, product.id, savedChildren.length > 0, adult);
  const { errors, isSubmitted } = form.formState;

  const mutation = useMutation({
    mutationFn: (values: ReturnType<typeof normalize>) => sendVisitRequest(kind, values),
    onMutate: () => setGeneralError(null),
    onError: (error) => showServerErrors(error, form, formRef.current, setGeneralError, t),
  });

  useEffect(() => {
    if (mutation.isSuccess) successRef.current?.focus();
  }, [mutation.isSuccess]);

  const text = useErrorText();
  const invalid = Object.keys(errors).length > 0;
  const titleId = `visit-request-${kind}-title`;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onEscapeKeyDown={keepDialogOnListEscape}
          ref={contentRef}
          aria-labelledby={titleId}
          data-testid={`visit-request-${kind}`}
          onOpenAutoFocus={(event) => focusOn(event, contentRef.current?.querySelector("input"))}
          onCloseAutoFocus={(event) => focusOn(event, returnFocusTo?.current)}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-xl"
        >
          <Dialog.Title id={titleId} className="text-xl font-extrabold">
            {t(`title.${kind}`)}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-800">
            {t(`intro.${kind}`, { name: product.name })}
          </Dialog.Description>
          {mutation.isSuccess ? (
            <SentNotice kind={kind} email={mutation.data.adults[0]?.email ?? ""} focusRef={successRef} />
          ) : (
            <form
              ref={formRef}
              noValidate
              aria-labelledby={titleId}
              onSubmit={form.handleSubmit(
                (values) => mutation.mutate(values as never),
                () => focusFirstError(formRef.current, invalidIn(form)),
              )}
              className="mt-4 space-y-6"
            >
              <p className="text-sm text-slate-700">{t("required")}</p>
              <ChildrenFieldset form={form} savedChildren={savedChildren} />
              <AdultsFieldset form={form} />

              <VisitDateField
                kind={kind}
                product={product}
                error={text(errors.date?.message)}
                field={form.register("date")}
              />

              <div role="alert" className="empty:hidden">
                {generalError ? (
                  <p className="rounded-xl border border-red-300 bg-red-50 p-3 text-red-900">
                    {generalError}
                  </p>
                ) : isSubmitted && invalid ? (
                  <p className="font-semibold text-red-800">{t("errorSummary")}</p>
                ) : null}
              </div>
              <div className="flex flex-wrap justify-end gap-3">
                <Dialog.Close type="button" className={buttonStyles.secondary}>
                  {t("cancel")}
                </Dialog.Close>
                <button type="submit" disabled={mutation.isPending} className={buttonStyles.primary}>
                  {mutation.isPending ? t("submitting") : t("submit")}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
