import {
  type AcademyWeek,
  type AgeGroup,
  BOOKING_RULES,
  bookingAgeRefusal,
  itemListPrice,
  type OrderItemInput,
  OrderItemInputSchema,
  type ProductDetail,
  type PurchaseOption,
  requiredSlotCount,
  type ScheduleSlot,
} from "@atelier/contract";

/** The booking form's values as the inputs hold them (ids as strings; checkboxes give arrays). */
export type BookingValues = {
  purchase_option: string;
  visitor: string;
  schedule_slots: string[] | string;
  academy_weeks: string[] | string;
  comment: string;
};
export type BookingField = keyof BookingValues;

export const emptyBooking = (product: Pick<ProductDetail, "purchase_options">): BookingValues => ({
  // One option needs no choice.
  purchase_option: product.purchase_options.length === 1 ? String(product.purchase_options[0]?.id) : "",
  visitor: "",
  schedule_slots: [],
  academy_weeks: [],
  comment: "",
});

const asList = (value: string[] | string | false | undefined): string[] =>
  Array.isArray(value) ? value : value ? [value] : [];

export type SlotChoice =
  | { kind: "none" }
  | { kind: "weekly" | "dated"; count: number; slots: ScheduleSlot[] }
  | { kind: "weeks"; weeks: AcademyWeek[] };

/**
 * What the chosen option asks for (contract BOOKING_RULES + requiredSlotCount): `count` weekly times
 * (a subscription: its meetings a week; a meeting card: one), one dated session (a ticket), one or more
 * academy weeks (the option is the day part), or nothing (birthday package, offer, gift card).
 */
export function slotChoice(product: ProductDetail, option: PurchaseOption | undefined): SlotChoice {
  if (!option) return { kind: "none" };
  const rule = BOOKING_RULES[option.schedule_type];
  if (rule.weeks) return { kind: "weeks", weeks: product.academy_schedule_slots };
  if (rule.slots.kind === "none") return { kind: "none" };
  const slots = product.schedule_slots.filter((slot) =>
    rule.slots.kind === "weekly" ? slot.weekday !== null : slot.date !== null,
  );
  const count = requiredSlotCount(option.schedule_type, option.meetings_per_week, slots.length > 0);
  return count === 0 ? { kind: "none" } : { kind: rule.slots.kind, count, slots };
}

export const needsVisitor = (option: PurchaseOption | undefined) =>
  option ? BOOKING_RULES[option.schedule_type].visitor : true;

export function selectedOption(product: ProductDetail, values: Pick<BookingValues, "purchase_option">) {
  return product.purchase_options.find((option) => String(option.id) === values.purchase_option);
}

export type BookingErrors = Partial<Record<BookingField, string>>;

/**
 * Checks the form against the chosen option and builds the request, which the contract's
 * OrderItemInputSchema then validates. Error values are codes (the same the server sends).
 */
export function validateBooking(
  product: ProductDetail,
  values: BookingValues,
): { errors: BookingErrors; request?: OrderItemInput } {
  const errors: BookingErrors = {};
  const option = selectedOption(product, values);
  if (!option) return { errors: { purchase_option: "required" } };
  const choice = slotChoice(product, option);
  const slots = asList(values.schedule_slots);
  const weeks = asList(values.academy_weeks);
  if (needsVisitor(option) && !values.visitor) errors.visitor = "visitor_required";
  if ((choice.kind === "weekly" || choice.kind === "dated") && slots.length !== choice.count) {
    // None chosen is said as such, as the server says it (D627): "so many as the option meets a week" is for
    // a second or third weekly time.
    errors.schedule_slots = slots.length === 0 ? "slot_required" : "slot_count_mismatch";
  }
  if (choice.kind === "weeks" && weeks.length === 0) errors.academy_weeks = "weeks_required";

  const request: OrderItemInput = {
    product_page: product.id,
    purchase_option: option.id,
    visitor: needsVisitor(option) && values.visitor ? Number(values.visitor) : null,
    schedule_slots: choice.kind === "weekly" || choice.kind === "dated" ? slots.map(Number) : [],
    academy_weeks: choice.kind === "weeks" ? weeks.map(Number) : [],
    academy_number_of_weeks: choice.kind === "weeks" ? weeks.length : null,
    comment: values.comment,
  };
  const parsed = OrderItemInputSchema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && field in values && !errors[field as BookingField]) {
        errors[field as BookingField] = issue.message;
      }
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { errors, request };
}

/** The list price before adding (contract itemListPrice): due now and monthly. */
export function bookingPrice(product: ProductDetail, values: BookingValues) {
  const option = selectedOption(product, values);
  if (!option) return null;
  const weeks = asList(values.academy_weeks).length;
  const rule = BOOKING_RULES[option.schedule_type];
  return {
    ...itemListPrice({ scheduleType: option.schedule_type, basePriceCents: option.base_price_cents }, weeks),
    /** An academy is priced per week: with no week chosen yet the page shows the price of one. */
    perWeekCents: rule.weeks ? option.base_price_cents : null,
  };
}

export type AgeRefusal = NonNullable<ReturnType<typeof bookingAgeRefusal>>;

/**
 * The age rule (contract bookingAgeRefusal, D295) for what the form holds, judged on the day the add will be
 * judged on, so the parent reads the refusal before choosing and never a different one after:
 * - a weekly course: today;
 * - dates or weeks chosen: the first of them;
 * - dates or weeks to choose, none chosen yet: refused only when no offered one fits (each unfitting one is
 *   disabled beside it, {@link unitAgeRefusal}); then the refusal names the first offered one.
 * Null when no child or no birth date is known, or the child fits.
 */
export function bookingAgeCheck(
  product: ProductDetail,
  values: BookingValues,
  birthDate: string | undefined,
  today: string,
): AgeRefusal | null {
  const option = selectedOption(product, values);
  if (!birthDate || !needsVisitor(option)) return null;
  const group = product.age_group as AgeGroup;
  const choice = slotChoice(product, option);
  const slots = asList(values.schedule_slots);
  const weeks = asList(values.academy_weeks);
  if (choice.kind === "weeks") {
    const chosen = choice.weeks.filter((week) => weeks.includes(String(week.id)));
    const judged = chosen.length > 0 ? chosen : choice.weeks;
    if (chosen.length === 0 && judged.some((week) => unitAgeRefusal(birthDate, group, week, today) === null))
      return null;
    return bookingAgeRefusal(
      birthDate,
      group,
      { weekStarts: judged.map((w) => w.starts_on), slotDates: [] },
      today,
    );
  }
  if (choice.kind === "dated") {
    const chosen = choice.slots.filter((slot) => slots.includes(String(slot.id)));
    const judged = chosen.length > 0 ? chosen : choice.slots;
    if (chosen.length === 0 && judged.some((slot) => unitAgeRefusal(birthDate, group, slot, today) === null))
      return null;
    return bookingAgeRefusal(
      birthDate,
      group,
      { weekStarts: [], slotDates: judged.map((s) => s.date) },
      today,
    );
  }
  return bookingAgeRefusal(birthDate, group, { weekStarts: [], slotDates: [] }, today);
}

/** The age rule on one offered date or week alone (D295): an unfitting one is disabled in the form. */
export function unitAgeRefusal(
  birthDate: string | undefined,
  group: AgeGroup,
  unit: Pick<ScheduleSlot, "date"> | Pick<AcademyWeek, "starts_on">,
  today: string,
): AgeRefusal | null {
  if (!birthDate) return null;
  return "starts_on" in unit
    ? bookingAgeRefusal(birthDate, group, { weekStarts: [unit.starts_on], slotDates: [] }, today)
    : bookingAgeRefusal(birthDate, group, { weekStarts: [], slotDates: [unit.date] }, today);
}
