import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine } from "./calendar-ics.ts";

describe("buildCalendar (RFC 5545)", () => {
  const ics = buildCalendar({
    name: "Mila Muster",
    now: new Date("2026-06-20T10:00:00Z"),
    events: [
      {
        uid: "item-1-slot-2@shop.test",
        summary: "Töpfern; eigene Tasse, Ticket",
        location: "Kastanienallee 12, Berlin",
        description: null,
        kind: "timed",
        date: "2026-07-04",
        start: "15:00",
        end: "18:00",
      },
      {
        uid: "item-3-slot-4@shop.test",
        summary: "Kleine Maler",
        location: null,
        description: "Mila Muster",
        kind: "timed",
        date: "2026-06-23",
        start: "16:00:00",
        end: "17:30:00",
        weeklyUntil: "2026-07-21",
      },
      {
        uid: "item-5-week-6@shop.test",
        summary: "Akademie",
        location: null,
        description: null,
        kind: "days",
        from: "2026-07-13",
        to: "2026-07-17",
      },
    ],
  });

  it("has CRLF lines, the Berlin zone, one VEVENT per booking with local times, rules and all-day weeks", () => {
    expect(ics.split("\r\n").every((line) => !line.includes("\n"))).toBe(true);
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(ics).toContain(
      "DTSTART;TZID=Europe/Berlin:20260704T150000\r\nDTEND;TZID=Europe/Berlin:20260704T180000",
    );
    expect(ics).toContain("SUMMARY:Töpfern\\; eigene Tasse\\, Ticket");
    expect(ics).toContain(
      "DTSTART;TZID=Europe/Berlin:20260623T160000\r\nDTEND;TZID=Europe/Berlin:20260623T173000\r\nRRULE:FREQ=WEEKLY;UNTIL=20260721T235959Z",
    );
    // An all-day event ends the day after its last day (DTEND is exclusive).
    expect(ics).toContain("DTSTART;VALUE=DATE:20260713\r\nDTEND;VALUE=DATE:20260718");
    expect(ics).toContain("DTSTAMP:20260620T100000Z");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    const long = `SUMMARY:${"Ж".repeat(60)}`;
    const folded = foldLine(long);
    for (const part of folded.split("\r\n")) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
  });
});
