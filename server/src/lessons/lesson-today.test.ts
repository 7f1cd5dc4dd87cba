import { describe, expect, it } from "vitest";
import { heldLessonOn, lessonOn } from "./lesson-today.ts";

const weekly = { id: 1, weekday: 3, date: null, start: "16:00", end: "17:30" }; // Thursdays
const course = { slots: [weekly], weeks: [], recurrentPriceCents: 6500, numberOfMeetings: null };

describe("a code's lesson today (Berlin day)", () => {
  it("a weekly course has a lesson on each of its weekdays, from the day it was paid", () => {
    expect(lessonOn(course, "2026-11-26", "2026-11-20")).toEqual({ date: "2026-11-26", slot: weekly });
    expect(lessonOn(course, "2026-12-03", "2026-11-20")?.date).toBe("2026-12-03");
    expect(lessonOn(course, "2026-11-27", "2026-11-20")).toBeNull();
    expect(lessonOn(course, "2026-11-19", "2026-11-20")).toBeNull();
  });

  it("a meeting card of 4 meetings on one weekly time ends after its fourth week", () => {
    const card = { ...course, recurrentPriceCents: 0, numberOfMeetings: 4 };
    expect(lessonOn(card, "2026-12-17", "2026-11-25")?.date).toBe("2026-12-17");
    expect(lessonOn(card, "2026-12-24", "2026-11-25")).toBeNull();
  });

  it("a meeting card's meetings go on past the course's closed days, from its first lesson after the payment (D548)", () => {
    const card = { ...course, recurrentPriceCents: 0, numberOfMeetings: 4 };
    // Thursdays 26.11., 3.12., 10.12. and 17.12.; the house is closed on 3.12., so the fourth is 24.12.
    const closed = [{ startsOn: "2026-12-03", endsOn: "2026-12-03" }];
    expect(lessonOn(card, "2026-12-24", "2026-11-25", closed)?.date).toBe("2026-12-24");
    expect(lessonOn(card, "2026-12-31", "2026-11-25", closed)).toBeNull();
    // Paid at 18:00 Berlin on Thursday 26.11., after that day's lesson began: the four are 3.12.–24.12.
    const paidAt = new Date("2026-11-26T17:00:00Z");
    expect(lessonOn(card, "2026-11-26", paidAt)).toBeNull();
    expect(lessonOn(card, "2026-12-03", paidAt)?.date).toBe("2026-12-03");
    expect(lessonOn(card, "2026-12-24", paidAt)?.date).toBe("2026-12-24");
    expect(lessonOn(card, "2026-12-31", paidAt)).toBeNull();
  });

  it("a meeting card paid two years ago and more is over without its weeks worked out", () => {
    const card = { ...course, recurrentPriceCents: 0, numberOfMeetings: 4 };
    expect(lessonOn(card, "2026-12-24", "2024-11-20")).toBeNull();
    // A card of 60 meetings bought a year ago still runs: its weeks go past a year.
    expect(lessonOn({ ...card, numberOfMeetings: 60 }, "2026-12-24", "2025-11-20")?.date).toBe("2026-12-24");
  });

  it("a dated session only on its date; an academy week on each of its days", () => {
    const dated = { id: 2, weekday: null, date: "2026-11-28", start: "10:00", end: "13:00" };
    const workshop = { slots: [dated], weeks: [], recurrentPriceCents: 0, numberOfMeetings: null };
    expect(lessonOn(workshop, "2026-11-28", "2026-11-01")?.slot).toEqual(dated);
    expect(lessonOn(workshop, "2026-11-26", "2026-11-01")).toBeNull();
    const academy = {
      slots: [],
      weeks: [{ id: 9, starts_on: "2026-07-06", ends_on: "2026-07-10" }],
      recurrentPriceCents: 0,
      numberOfMeetings: null,
    };
    expect(lessonOn(academy, "2026-07-08", "2026-05-01")).toEqual({ date: "2026-07-08", slot: null });
    expect(lessonOn(academy, "2026-07-11", "2026-05-01")).toBeNull();
  });

  it("no weekly lesson is held on a closed day; a dated session is (D610)", () => {
    const closed = [{ startsOn: "2026-12-03", endsOn: "2026-12-03" }];
    expect(lessonOn(course, "2026-12-03", "2026-11-20", closed)?.date).toBe("2026-12-03");
    expect(heldLessonOn(course, "2026-12-03", "2026-11-20", closed)).toBeNull();
    expect(heldLessonOn(course, "2026-12-10", "2026-11-20", closed)?.date).toBe("2026-12-10");
    const dated = { id: 2, weekday: null, date: "2026-12-03", start: "10:00", end: "13:00" };
    const workshop = { slots: [dated], weeks: [], recurrentPriceCents: 0, numberOfMeetings: null };
    expect(heldLessonOn(workshop, "2026-12-03", "2026-11-01", closed)?.slot).toEqual(dated);
  });
});
