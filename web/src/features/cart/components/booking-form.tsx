import "../i18n.ts";
import {
  type AcademyWeek,
  type AgeGroup,
  ageGroupLabel,
  errorMessage,
  type Locale,
  ORDER_ITEM_COMMENT_MAX_LENGTH,
  type OrderItemInput,
  type ProductDetail,
  type ScheduleSlot,
  todayInBerlin,
  type Visitor,
  visitorLabel,
} from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ComponentProps,
  type ComponentType,
  type ReactNode,
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
import { formatDate, formatTime, slotDay } from "../../../lib/format.ts";
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
  selectedOption,
  slotChoice,
  unitAgeRefusal,
  validateBooking,
} from "../booking.ts";
import { AddResultDialogs } from "./add-result-dialogs.tsx";

/**
 * The waiting-list button beside a full slot or week (the waiting-list feature), handed in by the app layer.
 */
export type JoinWaitingListComponent = ComponentType<{
  unit: { schedule_slot: number } | { academy_week: number };
  when: string;
  optionId: string | null;
  visitorId: string | null;
  visitorName: string | null;
}>;

/** The "Add" step's form (the visitors feature), handed in by the app layer: features do not import each other. */
export type AddVisitorComponent = ComponentType<{
  onSaved: (visitor: Visitor) => void;
  onCancel: () => void;
}>;

// min-w-0: a fieldset is as wide as its widest content by default, which pushed a 320 px page sideways.
const fieldset = "min-w-0 space-y-3 rounded-2xl border-2 border-slate-300 p-4";
const legend = "px-1 text-lg font-bold text-slate-900";
const choiceRow =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3 py-2 has-[:checked]:border-orange-800 has-[:checked]:bg-orange-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70";
const choiceInput = "size-5 shrink-0 accent-orange-800";

/**
 * /product/buy/{id}: option, child (Select, or Add in place — spec §4), slots or academy weeks, a comment
 * and the price before adding. Failures show the server's message in an alert dialog (spec §8).
 */
export function BookingForm({
  product,
  signedIn,
  visitors,
  preferredVisitor,
  AddVisitor,
  JoinWaitingList,
  onContinueShopping,
}: {
  product: ProductDetail;
  signedIn: boolean;
  /** The user's saved children, or the guest's local ones; undefined while loading. */
  visitors: Visitor[] | undefined;
  /** The child chosen on "find an offer for my child" (D192), picked once the children are there. */
  preferredVisitor?: number | undefined;
  AddVisitor: AddVisitorComponent;
  /** Shown beside full slots and weeks of a one-slot booking. */
  JoinWaitingList?: JoinWaitingListComponent | undefined;
  onContinueShopping: () => void;
}) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const submitRef = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const [added, setAdded] = useState<{ name: string | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Counts saved children: after each, the focus moves on to what the booking still needs.
  const [childSaved, setChildSaved] = useState(0);

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
  const option = selectedOption(product, values);
  const choice = slotChoice(product, option);
  const visitor = visitors?.find((v) => String(v.id) === values.visitor);
  const { errors } = form.formState;
  const { ageRefusal, ageNoticeId, ageNotice, unitRefusal } = useAgeRule(product, values, visitor);
  const unitOff = (slot: ScheduleSlot) => choice.kind === "dated" && unitRefusal(slot) !== null;

  // The child the parent came for is picked when the list arrives, unless they have already chosen one.
  useEffect(() => {
    if (preferredVisitor === undefined || form.getValues("visitor") !== "") return;
    if (visitors?.some((v) => v.id === preferredVisitor)) form.setValue("visitor", String(preferredVisitor));
  }, [visitors, preferredVisitor, form]);

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

  // After a child is saved the "Add" form is gone; the focus goes to the next thing to do: the first free
  // slot or week when none is chosen yet, else the add-to-cart button (not <body>).
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

  const codeText = useErrorText();
  const errorText = (field: keyof BookingValues) => codeText(errors[field]?.message);

  if (product.purchase_options.length === 0) {
    return <p className="text-lg text-slate-800">{t("buy.noOptions")}</p>;
  }

  const onOptionChange = () => {
    // Slots and weeks belong to one option.
    form.setValue("schedule_slots", []);
    form.setValue("academy_weeks", []);
    form.clearErrors(["schedule_slots", "academy_weeks"]);
  };

  return (
    <>
      {/* The inputs belong to the form through their form attribute (Enter submits it), so that the
          "Add" step's own form is not nested in this one. */}
      <div className="space-y-6">
        <Group legendText={t("buy.optionLegend")} error={errorText("purchase_option")}>
          {(describedBy) =>
            product.purchase_options.map((o) => (
              <label key={o.id} className={choiceRow}>
                <input
                  type="radio"
                  value={String(o.id)}
                  form={formId}
                  className={choiceInput}
                  aria-describedby={describedBy}
                  {...form.register("purchase_option", { onChange: onOptionChange })}
                />
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                  <span className="block font-semibold">{o.name}</span>
                  {o.number_of_meetings ? (
                    <span className="block text-sm text-slate-700">
                      {t("buy.meetings", { count: o.number_of_meetings })}
                    </span>
                  ) : null}
                </span>
                {/* On a 320 px phone "79,00 € / месяц" may break after the amount (its € is held by a
                    no-break space) rather than push the page sideways. */}
                <span className="text-right font-semibold sm:whitespace-nowrap">
                  {o.is_recurring
                    ? t("buy.perMonth", { price: formatEuro(o.base_price_cents, locale) })
                    : formatEuro(o.base_price_cents, locale)}
                </span>
              </label>
            ))
          }
        </Group>

        {needsVisitor(option) ? (
          <VisitorStep
            formId={formId}
            visitors={visitors}
            register={form.register("visitor")}
            error={errorText("visitor")}
            AddVisitor={AddVisitor}
            onAdded={(saved) => {
              form.setValue("visitor", String(saved.id), { shouldValidate: form.formState.isSubmitted });
              setChildSaved((count) => count + 1);
            }}
            warning={ageNotice}
          />
        ) : null}

        {choice.kind === "weekly" || choice.kind === "dated" ? (
          <Group
            legendText={
              choice.kind === "dated" ? t("buy.datedLegend") : t("buy.slotsLegend", { count: choice.count })
            }
            error={errorText("schedule_slots")}
          >
            {(describedBy) =>
              choice.slots.length === 0 ? (
                <p>{t("buy.noSlots")}</p>
              ) : (
                choice.slots.map((slot) => (
                  <div key={slot.id}>
                    <label className={choiceRow}>
                      <input
                        type={choice.count === 1 ? "radio" : "checkbox"}
                        value={String(slot.id)}
                        form={formId}
                        disabled={
                          slot.space <= 0 || (unitOff(slot) && !isChosen(values.schedule_slots, slot.id))
                        }
                        className={choiceInput}
                        aria-describedby={describedBy}
                        {...form.register("schedule_slots")}
                      />
                      <SlotText slot={slot} />
                    </label>
                    <UnitAgeNote
                      refusal={unitOff(slot) && !ageRefusal ? unitRefusal(slot) : null}
                      name={visitor?.first_name}
                    />
                    {JoinWaitingList && slot.space <= 0 && choice.count === 1 ? (
                      <JoinWaitingList
                        unit={{ schedule_slot: slot.id }}
                        when={slotWhen(slot, locale)}
                        optionId={values.purchase_option || null}
                        visitorId={values.visitor || null}
                        visitorName={visitor ? visitorLabel(visitor) : null}
                      />
                    ) : null}
                  </div>
                ))
              )
            }
          </Group>
        ) : null}

        {choice.kind === "weeks" ? (
          <Group
            legendText={t("buy.weeksLegend")}
            hint={t("buy.weeksHint")}
            error={errorText("academy_weeks")}
          >
            {(describedBy) =>
              choice.weeks.length === 0 ? (
                <p>{t("buy.noSlots")}</p>
              ) : (
                choice.weeks.map((week) => (
                  <WeekRow
                    key={week.id}
                    week={week}
                    input={{
                      form: formId,
                      "aria-describedby": describedBy,
                      disabled:
                        week.space <= 0 ||
                        (unitRefusal(week) !== null && !isChosen(values.academy_weeks, week.id)),
                      ...form.register("academy_weeks"),
                    }}
                    note={
                      <UnitAgeNote
                        refusal={ageRefusal ? null : unitRefusal(week)}
                        name={visitor?.first_name}
                      />
                    }
                  >
                    {JoinWaitingList && week.space <= 0 ? (
                      <JoinWaitingList
                        unit={{ academy_week: week.id }}
                        when={t("buy.weekRange", {
                          from: formatDate(week.starts_on, locale),
                          to: formatDate(week.ends_on, locale),
                        })}
                        optionId={values.purchase_option || null}
                        visitorId={values.visitor || null}
                        visitorName={visitor ? visitorLabel(visitor) : null}
                      />
                    ) : null}
                  </WeekRow>
                ))
              )
            }
          </Group>
        ) : null}

        <CommentField formId={formId} register={form.register("comment")} error={errorText("comment")} />

        <PricePreview product={product} values={values} />

        <form
          id={formId}
          noValidate
          onSubmit={form.handleSubmit((submitted) => {
            const { request } = validateBooking(product, submitted);
            if (!request || ageRefusal) return;
            // A guest's child lives in local storage: its birth date and first name go with the booking, so
            // the server's age rule refuses now, naming the child, not after sign-in (D141).
            const child = visitors?.find((v) => String(v.id) === submitted.visitor);
            add.mutate(
              !signedIn && child && request.visitor != null
                ? { ...request, visitor_birth_date: child.birth_date, visitor_first_name: child.first_name }
                : request,
            );
          })}
        >
          <button
            ref={submitRef}
            type="submit"
            className={`${buttonStyles.primary} w-full sm:w-auto`}
            disabled={add.isPending || ageRefusal !== null}
            aria-describedby={ageRefusal ? ageNoticeId : undefined}
          >
            {add.isPending ? t("buy.adding") : t("buy.submit")}
          </button>
        </form>
      </div>

      <AddResultDialogs
        failure={failure}
        onFailureClose={() => setFailure(null)}
        addedText={
          added === null
            ? null
            : added.name
              ? t("buy.addedTextFor", { product: product.name, name: added.name })
              : t("buy.addedText", { product: product.name })
        }
        onAddedClose={() => setAdded(null)}
        onContinueShopping={onContinueShopping}
        returnFocusTo={submitRef}
      />
    </>
  );
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

/** One academy week to tick: its dates, season and seats, the age note and the waiting list below it. */
function WeekRow({
  week,
  input,
  note,
  children,
}: {
  week: AcademyWeek;
  input: ComponentProps<"input">;
  note: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  return (
    <div>
      <label className={choiceRow}>
        <input type="checkbox" value={String(week.id)} className={choiceInput} {...input} />
        <span className="flex-1">
          <span className="block font-semibold">
            {t("buy.weekRange", {
              from: formatDate(week.starts_on, locale),
              to: formatDate(week.ends_on, locale),
            })}
          </span>
          <span className="block text-sm text-slate-700">
            {week.season_name} · <Seats space={week.space} />
          </span>
        </span>
      </label>
      {note}
      {children}
    </div>
  );
}

/** Whether a form value (one id or a list of ids) holds `id`. */
const isChosen = (value: string[] | string, id: number) => asIds(value).includes(String(id));

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

/** Beside one offered date or week the chosen child does not fit on its own day (D295). */
function UnitAgeNote({ refusal, name }: { refusal: AgeRefusal | null; name: string | undefined }) {
  const { t } = useTranslation("cart");
  if (!refusal || !name) return null;
  return (
    <p className="mt-1 px-3 text-sm text-slate-700">
      {t(refusal.code === "child_age_week" ? "buy.unitAgeNoteWeek" : "buy.unitAgeNote", {
        name,
        count: refusal.age,
      })}
    </p>
  );
}

/** A radio or checkbox group: fieldset and legend, an optional hint, the error announced (role=alert). */
function Group({
  legendText,
  hint,
  error,
  children,
}: {
  legendText: string;
  hint?: string;
  error: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className={fieldset} aria-invalid={error ? true : undefined}>
      <legend className={legend}>{legendText}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children(describedBy)}
      <div role="alert">
        <FieldError id={`${id}-error`} error={error} />
      </div>
    </fieldset>
  );
}

function VisitorStep({
  formId,
  visitors,
  register,
  error,
  AddVisitor,
  onAdded,
  warning,
}: {
  formId: string;
  visitors: Visitor[] | undefined;
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
          {visitors === undefined ? <p role="status">{t("buy.visitorLoading")}</p> : null}
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

/** A slot's day and time as one line ("Samstag, 11:00–14:00"). */
function slotWhen(slot: ScheduleSlot, locale: Locale) {
  const day = slotDay(slot, locale);
  return `${day}, ${formatTime(slot.start)}–${formatTime(slot.end)}`;
}

function SlotText({ slot }: { slot: ScheduleSlot }) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  const when = slotDay(slot, locale);
  return (
    <span className="flex-1">
      <span className="block font-semibold">
        {when}, {t("buy.slotTime", { start: formatTime(slot.start), end: formatTime(slot.end) })}
      </span>
      <span className="block text-sm text-slate-700">
        {slot.instructor_name ? `${slot.instructor_name} · ` : null}
        <Seats space={slot.space} />
      </span>
    </span>
  );
}

function Seats({ space }: { space: number }) {
  const { t } = useTranslation("cart");
  return space > 0 ? t("buy.seatsLeft", { count: space }) : <strong>{t("buy.full")}</strong>;
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

const asIds = (value: string[] | string) => (Array.isArray(value) ? value : value ? [value] : []);

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
