import type { ProductDetail, PurchaseOption } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import {
  type BookingValues,
  bookingAgeCheck,
  bookingPrice,
  emptyBooking,
  slotChoice,
  unitAgeRefusal,
  validateBooking,
} from "./booking.ts";

const option = (
  id: number,
  schedule_type: PurchaseOption["schedule_type"],
  extra: Partial<PurchaseOption> = {},
) =>
  ({
    id,
    type: "subscription",
    schedule_type,
    name: schedule_type,
    base_price: "79.00",
    base_price_cents: 7900,
    number_of_meetings: null,
    meetings_per_week: null,
    is_recurring: false,
    ...extra,
  }) as PurchaseOption;

const slot = (id: number, weekday: number | null, date: string | null, space = 5) => ({
  id,
  weekday,
  date,
  start: "16:00",
  end: "17:30",
  seats: 10,
  space,
  instructor: null,
  instructor_name: null,
});

const product = (options: PurchaseOption[], extra: Partial<ProductDetail> = {}) =>
  ({
    id: 3,
    age_group: "8-11",
    purchase_options: options,
    schedule_slots: [slot(1, 0, null), slot(2, 2, null), slot(3, null, "2027-05-01")],
    academy_schedule_slots: [],
    ...extra,
  }) as unknown as ProductDetail;

describe("slotChoice", () => {
  it("asks a course subscription for its meetings a week of weekly slots", () => {
    const p = product([option(10, "Course (2 / week)", { meetings_per_week: 2 })]);
    const choice = slotChoice(p, p.purchase_options[0]);
    expect(choice).toMatchObject({ kind: "weekly", count: 2 });
    expect(choice.kind === "weekly" && choice.slots.map((s) => s.id)).toEqual([1, 2]);
  });

  it("asks a meeting card for one weekly slot and a ticket for one dated session", () => {
    const p = product([option(10, "TERMINKARTEN"), option(11, "Ticket")]);
    expect(slotChoice(p, p.purchase_options[0])).toMatchObject({ kind: "weekly", count: 1 });
    const ticket = slotChoice(p, p.purchase_options[1]);
    expect(ticket).toMatchObject({ kind: "dated", count: 1 });
    expect(ticket.kind === "dated" && ticket.slots.map((s) => s.id)).toEqual([3]);
  });

  it("asks an academy for weeks and an offer or gift card for nothing", () => {
    const p = product([option(10, "Academy (full day)"), option(11, "Offer"), option(12, "GiftCard")]);
    expect(slotChoice(p, p.purchase_options[0]).kind).toBe("weeks");
    expect(slotChoice(p, p.purchase_options[1]).kind).toBe("none");
    expect(slotChoice(p, p.purchase_options[2]).kind).toBe("none");
  });
});

describe("validateBooking", () => {
  it("needs an option, a child and the right number of slots", () => {
    const p = product([option(10, "Course (2 / week)", { meetings_per_week: 2 }), option(11, "Offer")]);
    expect(validateBooking(p, emptyBooking(p)).errors).toEqual({ purchase_option: "required" });
    const values = { ...emptyBooking(p), purchase_option: "10", schedule_slots: ["1"] };
    expect(validateBooking(p, values).errors).toEqual({
      visitor: "visitor_required",
      schedule_slots: "slot_count_mismatch",
    });
    // None chosen is asked for as a time, not as "as many as the option meets a week" (D627).
    expect(validateBooking(p, { ...values, schedule_slots: [] }).errors.schedule_slots).toBe("slot_required");
  });

  it("builds the contract's request", () => {
    const p = product([option(10, "Course (2 / week)", { meetings_per_week: 2 })]);
    const result = validateBooking(p, {
      ...emptyBooking(p),
      visitor: "4",
      schedule_slots: ["1", "2"],
      comment: " allergic to nuts ",
    });
    expect(result.errors).toEqual({});
    expect(result.request).toEqual({
      product_page: 3,
      purchase_option: 10,
      visitor: 4,
      schedule_slots: [1, 2],
      academy_weeks: [],
      academy_number_of_weeks: null,
      comment: " allergic to nuts ",
    });
  });

  it("takes a single radio value as one slot, wants weeks for an academy, and no child for a gift card", () => {
    const ticket = product([option(10, "Ticket")]);
    expect(
      validateBooking(ticket, { ...emptyBooking(ticket), visitor: "1", schedule_slots: "3" }).request
        ?.schedule_slots,
    ).toEqual([3]);
    const academy = product([option(10, "Academy (1st half)")]);
    expect(validateBooking(academy, { ...emptyBooking(academy), visitor: "1" }).errors).toEqual({
      academy_weeks: "weeks_required",
    });
    const gift = product([option(10, "GiftCard")]);
    expect(validateBooking(gift, emptyBooking(gift)).request?.visitor).toBeNull();
  });

  it("reports the contract's comment limit", () => {
    const p = product([option(10, "Offer")]);
    const result = validateBooking(p, { ...emptyBooking(p), visitor: "1", comment: "x".repeat(501) });
    expect(result.errors).toEqual({ comment: "too_long" });
  });
});

describe("bookingPrice", () => {
  it("is the monthly price due now and monthly for a subscription, per week for an academy", () => {
    const sub = product([option(10, "Course (1 / week)", { base_price_cents: 6500, is_recurring: true })]);
    expect(bookingPrice(sub, emptyBooking(sub))).toEqual({
      dueNowCents: 6500,
      recurrentCents: 6500,
      perWeekCents: null,
    });
    const academy = product([option(10, "Academy (full day)", { base_price_cents: 25000 })]);
    expect(bookingPrice(academy, { ...emptyBooking(academy), academy_weeks: ["1", "2"] })).toEqual({
      dueNowCents: 50000,
      recurrentCents: 0,
      perWeekCents: 25000,
    });
  });
});

describe("bookingAgeCheck (D295: the age rule on the day the add is judged on)", () => {
  const today = "2026-11-28";
  // Born 2017-03-01: 9 until 2027-02-28, 10 from 2027-03-01.
  const born = "2017-03-01";
  const dated = (id: number, date: string) => slot(id, null, date);
  const product = (
    age_group: ProductDetail["age_group"],
    options: PurchaseOption[],
    slots: ReturnType<typeof slot>[],
    weeks: unknown[] = [],
  ) =>
    ({
      id: 1,
      age_group,
      purchase_options: options,
      schedule_slots: slots,
      academy_schedule_slots: weeks,
    }) as unknown as ProductDetail;
  const values = (extra: Partial<BookingValues>): BookingValues => ({
    ...emptyBooking({ purchase_options: [] }),
    purchase_option: "1",
    visitor: "7",
    ...extra,
  });

  it("judges a weekly course on today", () => {
    const course = product("10+", [option(1, "Course (1 / week)")], [slot(11, 6, null)]);
    expect(bookingAgeCheck(course, values({}), born, today)).toEqual({
      code: "child_age_today",
      age: 9,
      day: today,
    });
    expect(bookingAgeCheck(course, values({}), "2016-01-01", today)).toBeNull();
    expect(bookingAgeCheck(course, values({}), undefined, today)).toBeNull();
  });

  it("judges a dated session on its own date, not today, so a date when the child is old enough passes", () => {
    const workshop = product(
      "10+",
      [option(1, "Ticket")],
      [dated(21, "2027-01-10"), dated(22, "2027-03-05")],
    );
    // Nothing chosen yet, one date fits: no refusal, the unfitting date is refused on its own.
    expect(bookingAgeCheck(workshop, values({}), born, today)).toBeNull();
    expect(unitAgeRefusal(born, "10+", { date: "2027-01-10" }, today)).toEqual({
      code: "child_age_date",
      age: 9,
      day: "2027-01-10",
    });
    expect(unitAgeRefusal(born, "10+", { date: "2027-03-05" }, today)).toBeNull();
    // The date when he is 10: fits (the old warning judged today and still warned).
    expect(bookingAgeCheck(workshop, values({ schedule_slots: "22" }), born, today)).toBeNull();
    expect(bookingAgeCheck(workshop, values({ schedule_slots: "21" }), born, today)).toEqual({
      code: "child_age_date",
      age: 9,
      day: "2027-01-10",
    });
  });

  it("refuses before a choice when no offered date fits, naming the first", () => {
    const workshop = product(
      "10+",
      [option(1, "Ticket")],
      [dated(22, "2027-02-01"), dated(21, "2027-01-10")],
    );
    expect(bookingAgeCheck(workshop, values({}), born, today)).toEqual({
      code: "child_age_date",
      age: 9,
      day: "2027-01-10",
    });
  });

  it("judges academy weeks on the first chosen week", () => {
    const week = (id: number, starts_on: string) => ({
      id,
      starts_on,
      ends_on: starts_on,
      space: 3,
      season_name: "S",
    });
    const academy = product(
      "10+",
      [option(1, "Academy (full day)")],
      [],
      [week(31, "2027-02-15"), week(32, "2027-03-29")],
    );
    expect(bookingAgeCheck(academy, values({ academy_weeks: ["32"] }), born, today)).toBeNull();
    expect(bookingAgeCheck(academy, values({ academy_weeks: ["32", "31"] }), born, today)).toEqual({
      code: "child_age_week",
      age: 9,
      day: "2027-02-15",
    });
    expect(bookingAgeCheck(academy, values({}), born, today)).toBeNull();
  });

  it("asks nothing of an option without a child", () => {
    const card = product("10+", [option(1, "GiftCard")], []);
    expect(bookingAgeCheck(card, values({}), born, today)).toBeNull();
  });
});
