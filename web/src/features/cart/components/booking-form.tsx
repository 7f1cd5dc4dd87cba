import "../i18n.ts";
import {
  type AgeGroup,
  ageGroupLabel,
  errorMessage,
  ORDER_ITEM_COMMENT_MAX_LENGTH,
  type OrderItemInput,
  type ProductDetail,
  todayInBerlin,
  type Visitor,
  visitorLabel,
} from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ComponentType,
  type FormEventHandler,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { type FieldErrors, type Resolver, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PurchaseTermsList } from "../../../components/purchase-terms.tsx";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FieldError } from "../../../components/ui/form-fields.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { serverMessage, useErrorText } from "../../../lib/error-codes.ts";
import { formatEuro } from "../../../lib/money.ts";
import { vatNoteKey } from "../../../lib/vat.ts";
import { cartApi } from "../api/cart-api.ts";
import { CURRENT_ORDER_KEY } from "../api/current-order.ts";
import {
  type AgeRefusal,
  type BookingValues,
  bookingAgeCheck,
  bookingPrice,
  emptyBooking,
  needsVisitor,
  type SlotChoice,
  selectedOption,
  slotChoice,
  unitAgeRefusal,
  validateBooking,
} from "../booking.ts";
import { AddResultDialogs } from "./add-result-dialogs.tsx";
import {
  asIds,
  choiceInput,
  choiceRow,
  Group,
  type JoinWaitingListComponent,
  OptionGroup,
  SlotGroup,
  WeekGroup,
} from "./booking-choices.tsx";

// The waiting-list button's type lives with the slots and weeks it sits beside; the app layer imports it here.
export type { JoinWaitingListComponent };

/** The "Add" step's form (the visitors feature), handed in by the app layer: features do not import each other. */
export type AddVisitorComponent = ComponentType<{
  onSaved: (visitor: Visitor) => void;
  onCancel: () => void;
}>;

export type BookingFormProps = {
  product: ProductDetail;
  signedIn: boolean;
  /** The user's saved children, or the guest's local ones; undefined while loading. */
  visitors: Visitor[] | undefined;
  /** Set when the children could not be loaded: the step says so and offers to try again (D539). */
  onRetryVisitors?: (() => void) | undefined;
  /** The child chosen on "find an offer for my child" (D192), picked once the children are there. */
  preferredVisitor?: number | undefined;
  AddVisitor: AddVisitorComponent;
  /** Shown beside full slots and weeks of a one-slot booking. */
  JoinWaitingList?: JoinWaitingListComponent | undefined;
  onContinueShopping: () => void;
};

/**
 * /product/buy/{id}: option, child (Select, or Add in place — spec §4), slots or academy weeks, a comment
 * and the price before adding. Failures show the server's message in an alert dialog (spec §8).
 */
export function BookingForm({
  product,
  signedIn,
  visitors,
  onRetryVisitors,
  preferredVisitor,
  AddVisitor,
  JoinWaitingList,
  onContinueShopping,
}: BookingFormProps) {
  const { t } = useTranslation("cart");
  const submitRef = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const { form, values, errorText, onOptionChange } = useBookingValues(product, visitors, preferredVisitor);
  const option = selectedOption(product, values);
  const choice = slotChoice(product, option);
  const visitor = visitors?.find((v) => String(v.id) === values.visitor);
  const { ageRefusal, ageNoticeId, ageNotice, unitRefusal } = useAgeRule(product, values, visitor);
  // What the slot and week groups share: the age rule per date and the waiting list for this booking.
  const unitProps = {
    formId,
    unitRefusal,
    ageRefused: ageRefusal !== null,
    childName: visitor?.first_name,
    JoinWaitingList,
    waitingFor: {
      optionId: values.purchase_option || null,
      visitorId: values.visitor || null,
      visitorName: visitor ? visitorLabel(visitor) : null,
    },
  };

  const { add, submit, addedText, failure, closeAdded, closeFailure } = useAddToCart({
    product,
    signedIn,
    visitors,
    visitor,
    ageRefused: ageRefusal !== null,
  });
  const onChildSaved = useFocusAfterChildSaved({ formId, values, choice, submitRef });

  if (product.purchase_options.length === 0) {
    return <p className="text-lg text-slate-800">{t("buy.noOptions")}</p>;
  }

  return (
    <>
      {/* The inputs belong to the form through their form attribute (Enter submits it), so that the
          "Add" step's own form is not nested in this one. */}
      <div className="space-y-6">
        <OptionGroup
          product={product}
          formId={formId}
          register={form.register("purchase_option", { onChange: onOptionChange })}
          error={errorText("purchase_option")}
        />

        {needsVisitor(option) ? (
          <VisitorStep
            formId={formId}
            visitors={visitors}
            onRetry={onRetryVisitors}
            register={form.register("visitor")}
            error={errorText("visitor")}
            AddVisitor={AddVisitor}
            onAdded={(saved) => {
              form.setValue("visitor", String(saved.id), { shouldValidate: form.formState.isSubmitted });
              onChildSaved();
            }}
            warning={ageNotice}
          />
        ) : null}

        {choice.kind === "weekly" || choice.kind === "dated" ? (
          <SlotGroup
            choice={choice}
            register={form.register("schedule_slots")}
            error={errorText("schedule_slots")}
            chosen={values.schedule_slots}
            {...unitProps}
          />
        ) : null}

        {choice.kind === "weeks" ? (
          <WeekGroup
            weeks={choice.weeks}
            register={form.register("academy_weeks")}
            error={errorText("academy_weeks")}
            chosen={values.academy_weeks}
            {...unitProps}
          />
        ) : null}

        <CommentField formId={formId} register={form.register("comment")} error={errorText("comment")} />

        <PricePreview product={product} values={values} />

        <AddButton
          formId={formId}
          onSubmit={form.handleSubmit(submit)}
          buttonRef={submitRef}
          pending={add.isPending}
          refusalId={ageRefusal ? ageNoticeId : undefined}
        />
      </div>

      <AddResultDialogs
        failure={failure}
        onFailureClose={closeFailure}
        addedText={addedText}
        onAddedClose={closeAdded}
        onContinueShopping={onContinueShopping}
        returnFocusTo={submitRef}
      />
    </>
  );
}

/**
 * The form the booking's inputs belong to, holding only its submit button: "add to cart", which waits while
 * the age rule refuses the booking (`refusalId`, the notice that says why).
 */
function AddButton({
  formId,
  onSubmit,
  buttonRef,
  pending,
  refusalId,
}: {
  formId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  buttonRef: RefObject<HTMLButtonElement | null>;
  pending: boolean;
  refusalId: string | undefined;
}) {
  const { t } = useTranslation("cart");
  return (
    <form id={formId} noValidate onSubmit={onSubmit}>
      <button
        ref={buttonRef}
        type="submit"
        className={`${buttonStyles.primary} w-full sm:w-auto`}
        disabled={pending || refusalId !== undefined}
        aria-describedby={refusalId}
      >
        {pending ? t("buy.adding") : t("buy.submit")}
      </button>
    </form>
  );
}

/**
 * The booking's form: its values checked by the booking rule (`validateBooking`), watched as they change, and
 * the child the parent came for chosen once the children are there; with each field's error in words.
 */
function useBookingValues(
  product: ProductDetail,
  visitors: Visitor[] | undefined,
  preferredVisitor?: number,
) {
  const resolver: Resolver<BookingValues> = async (values) => {
    const { errors } = validateBooking(product, values);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    const fieldErrors: FieldErrors<BookingValues> = {};
    for (const [field, code] of Object.entries(errors)) {
      fieldErrors[field as keyof BookingValues] = { type: "validate", message: code };
    }
    return { values: {}, errors: fieldErrors };
  };
  const form = useForm<BookingValues>({ resolver, defaultValues: emptyBooking(product), mode: "onSubmit" });
  const values = useWatch({ control: form.control }) as BookingValues;
  // The child the parent came for is picked when the list arrives, unless they have already chosen one.
  useEffect(() => {
    if (preferredVisitor === undefined || form.getValues("visitor") !== "") return;
    if (visitors?.some((v) => v.id === preferredVisitor)) form.setValue("visitor", String(preferredVisitor));
  }, [visitors, preferredVisitor, form]);
  const { errors } = form.formState;
  const codeText = useErrorText();
  const errorText = (field: keyof BookingValues) => codeText(errors[field]?.message);
  const onOptionChange = () => {
    // Slots and weeks belong to one option.
    form.setValue("schedule_slots", []);
    form.setValue("academy_weeks", []);
    form.clearErrors(["schedule_slots", "academy_weeks"]);
  };
  return { form, values, errorText, onOptionChange };
}

/**
 * Adding the checked booking to the cart, and what the dialogs then say: added (for which child), or the
 * server's message.
 */
function useAddToCart({
  product,
  signedIn,
  visitors,
  visitor,
  ageRefused,
}: {
  product: ProductDetail;
  signedIn: boolean;
  visitors: Visitor[] | undefined;
  visitor: Visitor | undefined;
  ageRefused: boolean;
}) {
  const { t } = useTranslation("cart");
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<{ name: string | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (input: OrderItemInput) => cartApi.addItem(signedIn, input),
    onSuccess: async () => {
      setAdded({ name: visitor ? visitorLabel(visitor) : null });
      await queryClient.invalidateQueries({ queryKey: CURRENT_ORDER_KEY });
    },
    onError: (error) => {
      console.error("add to cart failed", error);
      setFailure(serverMessage(error) ?? t("buy.addFailed"));
    },
  });
  const submit = (submitted: BookingValues) => {
    const { request } = validateBooking(product, submitted);
    if (!request || ageRefused) return;
    // A guest's child lives in local storage: its birth date and first name go with the booking, so
    // the server's age rule refuses now, naming the child, not after sign-in (D141).
    const child = visitors?.find((v) => String(v.id) === submitted.visitor);
    add.mutate(
      !signedIn && child && request.visitor != null
        ? { ...request, visitor_birth_date: child.birth_date, visitor_first_name: child.first_name }
        : request,
    );
  };
  const addedText =
    added === null
      ? null
      : added.name
        ? t("buy.addedTextFor", { product: product.name, name: added.name })
        : t("buy.addedText", { product: product.name });
  return {
    add,
    submit,
    addedText,
    failure,
    closeAdded: () => setAdded(null),
    closeFailure: () => setFailure(null),
  };
}

/**
 * After a child is saved the "Add" form is gone; the focus goes to the next thing to do: the first free
 * slot or week when none is chosen yet, else the add-to-cart button (not <body>). Returns what to call
 * once a child is saved.
 */
function useFocusAfterChildSaved({
  formId,
  values,
  choice,
  submitRef,
}: {
  formId: string;
  values: BookingValues;
  choice: SlotChoice;
  submitRef: RefObject<HTMLButtonElement | null>;
}) {
  // Counts saved children: after each, the focus moves on to what the booking still needs.
  const [childSaved, setChildSaved] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per saved child
  useEffect(() => {
    if (childSaved === 0) return;
    const chosen = values.schedule_slots.length > 0 || values.academy_weeks.length > 0;
    const needsChoice = choice.kind === "weekly" || choice.kind === "dated" || choice.kind === "weeks";
    const field = choice.kind === "weeks" ? "academy_weeks" : "schedule_slots";
    const firstFree = Array.from(document.getElementsByName(field)).find(
      (input): input is HTMLInputElement =>
        input instanceof HTMLInputElement && input.getAttribute("form") === formId && !input.disabled,
    );
    (needsChoice && !chosen && firstFree ? firstFree : submitRef.current)?.focus();
  }, [childSaved]);
  return () => setChildSaved((count) => count + 1);
}

/**
 * The age rule on the day the add is judged on (D295): said in the form, before the parent adds, and the add
 * waits until it fits; the same rule and text as the server's refusal. A date or week the child does not fit
 * on is disabled (unless chosen: it can still be unchosen); a note beside it says why while other dates fit,
 * else the one notice says it.
 */
function useAgeRule(product: ProductDetail, values: BookingValues, visitor: Visitor | undefined) {
  const today = todayInBerlin();
  const ageNoticeId = useId();
  const ageRefusal = visitor ? bookingAgeCheck(product, values, visitor.birth_date, today) : null;
  const unitRefusal = (unit: Parameters<typeof unitAgeRefusal>[2]) =>
    unitAgeRefusal(visitor?.birth_date, product.age_group as AgeGroup, unit, today);
  const ageNotice =
    visitor && ageRefusal ? (
      <AgeNotice
        id={ageNoticeId}
        refusal={ageRefusal}
        name={visitor.first_name}
        group={product.age_group as AgeGroup}
      />
    ) : null;
  return { ageRefusal, ageNoticeId, ageNotice, unitRefusal };
}

/**
 * The age rule's refusal (D295) in the contract's words, the same the server's add would answer, and what
 * the parent can do instead; the add button waits meanwhile.
 */
function AgeNotice({
  id,
  refusal,
  name,
  group,
}: {
  id: string;
  refusal: AgeRefusal;
  name: string;
  group: AgeGroup;
}) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  return (
    <p id={id} data-testid="age-notice">
      {errorMessage(refusal.code, locale, { name, age: refusal.age, group: ageGroupLabel(group) })}{" "}
      {refusal.code === "child_age_today" ? t("buy.ageRefusedOtherChild") : t("buy.ageRefusedOtherDate")}
    </p>
  );
}

function VisitorStep({
  formId,
  visitors,
  onRetry,
  register,
  error,
  AddVisitor,
  onAdded,
  warning,
}: {
  formId: string;
  visitors: Visitor[] | undefined;
  onRetry: (() => void) | undefined;
  register: ReturnType<ReturnType<typeof useForm<BookingValues>>["register"]>;
  error: string | undefined;
  AddVisitor: AddVisitorComponent;
  onAdded: (visitor: Visitor) => void;
  warning: ReactNode;
}) {
  const { t } = useTranslation("cart");
  // The spec's second dialog enum: Select (choose a saved child) and Add (a new one in place).
  const [step, setStep] = useState<"Select" | "Add">("Select");
  const addButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (step === "Select" && returnFocus.current) {
      returnFocus.current = false;
      addButton.current?.focus();
    }
  }, [step]);
  const list = visitors ?? [];
  return (
    <Group legendText={t("buy.visitorLegend")} error={error}>
      {(describedBy) => (
        <>
          {visitors === undefined && onRetry ? (
            <p role="alert">
              {t("buy.visitorLoadFailed")}{" "}
              <button type="button" className="font-semibold underline underline-offset-2" onClick={onRetry}>
                {t("buy.retry")}
              </button>
            </p>
          ) : visitors === undefined ? (
            <p role="status">{t("buy.visitorLoading")}</p>
          ) : null}
          {visitors !== undefined && list.length === 0 && step === "Select" ? (
            <p>{t("buy.noVisitors")}</p>
          ) : null}
          {list.map((visitor) => (
            <label key={visitor.id} className={choiceRow}>
              <input
                type="radio"
                value={String(visitor.id)}
                form={formId}
                className={choiceInput}
                aria-describedby={describedBy}
                {...register}
              />
              <span className="font-semibold">{visitorLabel(visitor)}</span>
            </label>
          ))}
          <div aria-live="polite">
            {warning ? (
              <div className="rounded-lg border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950">
                {warning}
              </div>
            ) : null}
          </div>
          {step === "Add" ? (
            <AddVisitor
              onSaved={(visitor) => {
                setStep("Select");
                onAdded(visitor);
              }}
              onCancel={() => {
                returnFocus.current = true;
                setStep("Select");
              }}
            />
          ) : (
            <button
              ref={addButton}
              type="button"
              className={buttonStyles.secondary}
              onClick={() => setStep("Add")}
            >
              {t("buy.addVisitor")}
            </button>
          )}
        </>
      )}
    </Group>
  );
}

function CommentField({
  formId,
  register,
  error,
}: {
  formId: string;
  register: ReturnType<ReturnType<typeof useForm<BookingValues>>["register"]>;
  error: string | undefined;
}) {
  const { t } = useTranslation("cart");
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {t("buy.comment")}
      </label>
      <textarea
        id={id}
        rows={3}
        form={formId}
        maxLength={ORDER_ITEM_COMMENT_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className="mt-1 block w-full rounded-lg border-2 border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-orange-800 focus:outline-none"
        {...register}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {t("buy.commentHint")}
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function PricePreview({ product, values }: { product: ProductDetail; values: BookingValues }) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  const price = bookingPrice(product, values);
  return (
    <section aria-labelledby="price-heading" className="rounded-2xl bg-orange-50 p-4">
      <h2 id="price-heading" className="text-lg font-bold text-slate-900">
        {t("buy.priceHeading")}
      </h2>
      <div aria-live="polite" data-testid="price-preview">
        {price ? (
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt>{t("buy.dueNow")}</dt>
            <dd className="text-right font-bold">
              {price.perWeekCents !== null && price.dueNowCents === 0
                ? t("buy.perWeek", { price: formatEuro(price.perWeekCents, locale) })
                : formatEuro(price.dueNowCents, locale)}
            </dd>
            {price.recurrentCents > 0 ? (
              <>
                <dt>{t("buy.monthly")}</dt>
                <dd className="text-right font-bold">{formatEuro(price.recurrentCents, locale)}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className="mt-2">{t("buy.choosePrice")}</p>
        )}
      </div>
      <BookingTerms product={product} values={values} />
      <p className="mt-2 text-xs text-slate-700">{t(`cart.${vatNoteKey(product.product_type)}`)}</p>
    </section>
  );
}

/**
 * What the chosen option and slot or week would buy if paid today (D154): the first lesson, the period and
 * the next payment, the house and the cancellation line, as the cart line will say them. The server computes
 * them (`GET /api/v2/orders/terms/`, the cart's rule); nothing shows until a slot or week is chosen.
 */
function BookingTerms({ product, values }: { product: ProductDetail; values: BookingValues }) {
  const locale = useLocale();
  const option = selectedOption(product, values);
  const choice = slotChoice(product, option);
  const schedule_slots = asIds(values.schedule_slots);
  const academy_weeks = asIds(values.academy_weeks);
  const chosen =
    choice.kind === "weeks"
      ? academy_weeks.length > 0
      : choice.kind === "weekly" || choice.kind === "dated"
        ? schedule_slots.length > 0
        : true;
  const request = option
    ? { product_page: product.id, purchase_option: option.id, schedule_slots, academy_weeks }
    : null;
  const terms = useQuery({
    queryKey: ["purchase-terms", locale, request],
    queryFn: ({ signal }) => cartApi.terms(request as NonNullable<typeof request>, locale, signal),
    enabled: request !== null && chosen,
    staleTime: 60_000,
  });
  if (!option || !chosen || !terms.data) return null;
  return (
    <div aria-live="polite" data-testid="booking-terms">
      <PurchaseTermsList
        terms={terms.data}
        recurring={option.is_recurring}
        refundDaysBefore={product.refund_days_before}
        locale={locale}
        className="mt-3 border-t border-orange-200 pt-3"
      />
    </div>
  );
}
