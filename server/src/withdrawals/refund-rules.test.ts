import { describe, expect, it } from "vitest";
import type { DocumentItem } from "../invoices/invoice-data.ts";
import { paidSessions, planRefund, splitRefund } from "./refund-rules.ts";

const course = (overrides: Partial<DocumentItem> = {}): DocumentItem => ({
  productType: "Course",
  pageName: "Kleine Maler",
  optionName: "1 / Woche",
  visitorFirstName: "Mila",
  visitorLastName: "Muster",
  calculatedPriceCents: 8000,
  siblingDiscountCents: 0,
  promocodeDiscountCents: 0,
  recurrentPriceCents: 8000,
  // Tuesdays 16:00.
  slots: [{ weekday: 1, date: null, start: "16:00", end: "17:30" }],
  weeks: [],
  numberOfMeetings: null,
  place: null,
  ...overrides,
});

describe("planRefund (D76)", () => {
  // Paid on Monday 1 June 2026: the first month runs Tue 2 June – Wed 1 July, five Tuesdays.
  const base = { paidCents: 8000, paidOn: "2026-06-01", earlyStart: true };

  it("counts the sessions the payment paid for", () => {
    expect(paidSessions(course(), "2026-06-01").map((s) => s.date)).toEqual([
      "2026-06-02",
      "2026-06-09",
      "2026-06-16",
      "2026-06-23",
      "2026-06-30",
    ]);
    const card = course({ recurrentPriceCents: 0, numberOfMeetings: 3 });
    expect(paidSessions(card, "2026-06-01")).toHaveLength(3);
  });

  it("refunds in full before the first lesson, or without the request to start early", () => {
    expect(planRefund({ ...base, item: course(), now: { date: "2026-06-02", time: "15:59" } })).toMatchObject(
      {
        basis: "full",
        refundCents: 8000,
      },
    );
    expect(
      planRefund({ ...base, earlyStart: false, item: course(), now: { date: "2026-06-10", time: "12:00" } }),
    ).toMatchObject({ basis: "full", refundCents: 8000 });
  });

  it("paid after the day's lesson began, counts from next week's, as the contract and invoice do (D533)", () => {
    // Tuesday 2 June 2026 at 18:00 Berlin (16:00 UTC), after that day's 16:00 lesson.
    const paidAt = new Date("2026-06-02T16:00:00Z");
    const sessions = paidSessions(course(), paidAt).map((s) => s.date);
    expect(sessions[0]).toBe("2026-06-09");
    expect(sessions).not.toContain("2026-06-02");
    const card = course({ recurrentPriceCents: 0, numberOfMeetings: 3 });
    expect(paidSessions(card, paidAt).map((s) => s.date)).toEqual(["2026-06-09", "2026-06-16", "2026-06-23"]);
    // Withdrawn five minutes after paying: nothing was given, all is refunded.
    const plan = planRefund({
      ...base,
      paidOn: "2026-06-02",
      paidAt,
      item: course(),
      now: { date: "2026-06-02", time: "18:05" },
    });
    expect(plan).toMatchObject({ basis: "full", refundCents: 8000 });
    // A subscription's contract period wins: the parent's first month as the contract says it.
    const contract = course({
      paidPeriod: { from: "2026-06-09", to: "2026-07-08" },
    } as Partial<DocumentItem>);
    expect(paidSessions(contract, "2026-06-02")[0]?.date).toBe("2026-06-09");
  });

  it("keeps the share of lessons begun: 2 of 5 held → 3/5 back", () => {
    const plan = planRefund({ ...base, item: course(), now: { date: "2026-06-09", time: "16:00" } });
    expect(plan).toEqual({ basis: "pro_rata", refundCents: 4800, sessions: 5, rendered: 2 });
  });

  it("leaves the course's closed days out of its sessions, as no lesson takes place on them (D537)", () => {
    // A closure on Tuesday 16 June: the month without a contract lengthens by that day (2 June – 2 July),
    // and its open Tuesdays are 2, 9, 23 and 30 June.
    const closed = [{ startsOn: "2026-06-15", endsOn: "2026-06-19" }];
    expect(paidSessions(course(), "2026-06-01", closed).map((s) => s.date)).toEqual([
      "2026-06-02",
      "2026-06-09",
      "2026-06-23",
      "2026-06-30",
    ]);
    // Two lessons held of four: half back, not the 3/5 of five counted with the closed Tuesday.
    const plan = planRefund({ ...base, item: course(), closed, now: { date: "2026-06-16", time: "16:00" } });
    expect(plan).toEqual({ basis: "pro_rata", refundCents: 4000, sessions: 4, rendered: 2 });
    // A contract's period, lengthened by the closure, counts its open Tuesdays only.
    const contract = course({
      paidPeriod: { from: "2026-06-02", to: "2026-07-07" },
    } as Partial<DocumentItem>);
    expect(paidSessions(contract, "2026-06-01", closed)).toHaveLength(5);
    // A meeting card's three meetings go on after the closure.
    const card = course({ recurrentPriceCents: 0, numberOfMeetings: 3 });
    expect(paidSessions(card, "2026-06-01", closed).map((s) => s.date)).toEqual([
      "2026-06-02",
      "2026-06-09",
      "2026-06-23",
    ]);
    // A closure on the first Tuesday: the month starts with the next open one.
    const first = [{ startsOn: "2026-06-02", endsOn: "2026-06-02" }];
    expect(paidSessions(course(), "2026-06-01", first)[0]?.date).toBe("2026-06-09");
  });

  it("an academy counts its days, in the holidays too", () => {
    const holidays = [{ startsOn: "2026-07-09", endsOn: "2026-08-21" }];
    const academyWeek = course({
      productType: "Academy",
      slots: [],
      recurrentPriceCents: 0,
      weeks: [{ starts_on: "2026-07-13", ends_on: "2026-07-17" }],
    });
    expect(paidSessions(academyWeek, "2026-06-01", holidays)).toHaveLength(5);
  });

  it("an academy counts its days", () => {
    const academy = course({
      productType: "Academy",
      slots: [],
      recurrentPriceCents: 0,
      weeks: [{ starts_on: "2026-07-13", ends_on: "2026-07-17" }],
    });
    expect(
      planRefund({ ...base, item: academy, paidCents: 25000, now: { date: "2026-07-14", time: "09:00" } }),
    ).toMatchObject({ basis: "pro_rata", sessions: 5, rendered: 2, refundCents: 15000 });
  });

  it("a gift card refunds its balance, never more than was paid", () => {
    const card = course({ productType: "GiftCard", slots: [], recurrentPriceCents: 0 });
    const now = { date: "2026-06-05", time: "10:00" };
    expect(planRefund({ ...base, item: card, now, giftCardBalanceCents: 1234 })).toMatchObject({
      basis: "gift_card_balance",
      refundCents: 1234,
    });
    expect(planRefund({ ...base, item: card, now, giftCardBalanceCents: 99999 }).refundCents).toBe(8000);
  });
});

describe("splitRefund", () => {
  it("takes the gateway first, then the gift card that paid, never more than either holds", () => {
    expect(splitRefund(5000, { gatewayCents: 8000, giftCardCents: 0 })).toEqual({
      gatewayCents: 5000,
      giftCardCents: 0,
    });
    expect(splitRefund(5000, { gatewayCents: 3000, giftCardCents: 5000 })).toEqual({
      gatewayCents: 3000,
      giftCardCents: 2000,
    });
    expect(splitRefund(5000, { gatewayCents: 1000, giftCardCents: 1000 })).toEqual({
      gatewayCents: 1000,
      giftCardCents: 1000,
    });
  });
});
