import { describe, expect, it } from "vitest";
import { laterSeats, nextSession, seatsLeft } from "./schedule.ts";

const slot = (fields: { weekday?: number; date?: string; start?: string; space?: number }) => ({
  weekday: fields.weekday ?? null,
  date: fields.date ?? null,
  start: fields.start ?? "16:00",
  end: "17:30",
  space: fields.space ?? 5,
});
const none = { next_week_starts_on: null, last_week_ends_on: null };

describe("nextSession", () => {
  it("gives an academy its open weeks", () => {
    expect(
      nextSession(
        {
          product_type: "Academy",
          schedule_slots: [],
          next_week_starts_on: "2027-03-29",
          last_week_ends_on: "2027-08-13",
        },
        "2026-05-01",
      ),
    ).toEqual({ kind: "weeks", startsOn: "2027-03-29", endsOn: "2027-08-13", space: null });
  });

  it("gives a dated offer its earliest upcoming date", () => {
    const product = {
      product_type: "Event" as const,
      schedule_slots: [slot({ date: "2027-05-02" }), slot({ date: "2027-04-10", start: "11:00" })],
      ...none,
    };
    expect(nextSession(product, "2027-01-01")).toMatchObject({
      kind: "date",
      date: "2027-04-10",
      start: "11:00",
    });
    expect(nextSession(product, "2027-04-11")).toMatchObject({ kind: "date", date: "2027-05-02" });
  });

  it("gives a weekly course the next weekday from today on", () => {
    const product = {
      product_type: "Course" as const,
      schedule_slots: [slot({ weekday: 0 }), slot({ weekday: 3 })],
      ...none,
    };
    // 2027-01-06 is a Wednesday (weekday 2): Thursday comes before Monday.
    expect(nextSession(product, "2027-01-06")).toMatchObject({
      kind: "weekly",
      weekday: 3,
      more: 1,
      space: 10,
    });
    expect(nextSession(product, "2027-01-04")).toMatchObject({ kind: "weekly", weekday: 0 });
  });

  it("is null without any schedule", () => {
    expect(nextSession({ product_type: "GiftCard", schedule_slots: [], ...none }, "2027-01-01")).toBeNull();
  });
});

describe("seatsLeft", () => {
  it("adds the free seats of all slots", () => {
    expect(seatsLeft([{ space: 3 }, { space: 0 }, { space: 4 }])).toBe(7);
    expect(seatsLeft([])).toBeNull();
  });
});

describe("laterSeats (D143)", () => {
  const slot = (date: string | null, space: number) => ({ date, start: "11:00", space });
  const today = "2026-11-26";

  it("names the full dates before the first date with seats", () => {
    expect(laterSeats([slot("2027-04-17", 8), slot("2027-02-13", 0), slot("2026-10-01", 5)], today)).toEqual({
      full: ["2027-02-13"],
      open: { date: "2027-04-17", space: 8 },
    });
  });

  it("is null when the next date has seats, every date is full, or there are no dates", () => {
    expect(laterSeats([slot("2027-02-13", 2), slot("2027-04-17", 0)], today)).toBeNull();
    expect(laterSeats([slot("2027-02-13", 0), slot("2027-04-17", 0)], today)).toBeNull();
    expect(laterSeats([slot(null, 0)], today)).toBeNull();
  });
});
