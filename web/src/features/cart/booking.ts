import {
  type AcademyWeek,
  type AgeGroup,
  ageGroupsForAge,
  ageInYears,
  BOOKING_RULES,
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
    errors.schedule_slots = "slot_count_mismatch";
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

/**
 * The child's age against the page's age group, to warn early (the server decides):
 * null when the age fits or the birth date is unknown.
 */
export function ageMismatch(
  birthDate: string | undefined,
  ageGroup: AgeGroup,
  today: string,
): { age: number } | null {
  if (!birthDate) return null;
  const age = ageInYears(birthDate, today);
  if (!Number.isFinite(age)) return null;
  return ageGroupsForAge(age).includes(ageGroup) ? null : { age };
}
