/**
 * A child's booked dates as an iCalendar file (RFC 5545, D77). Pure: the service gives the events.
 * Times are local to Europe/Berlin with the zone's VTIMEZONE, so a lesson at 16:00 stays at 16:00 across
 * the change to summer time; all-day events (academy weeks) are DATE values.
 */
import { addDays } from "@atelier/contract";

export type CalendarEvent = {
  uid: string;
  summary: string;
  location: string | null;
  description: string | null;
} & (
  | {
      kind: "timed";
      date: string;
      start: string;
      end: string;
      weeklyUntil?: string;
      /** Days of the weekly rule without a lesson (closures, D122). */
      exdates?: string[];
      /** One date of a weekly rule told apart (RFC 5545 §3.8.4.4): a lesson the school cancelled (D391). */
      recurrenceId?: string;
      /** The school cancelled this lesson: `STATUS:CANCELLED` (D391). */
      cancelled?: boolean;
    }
  | { kind: "days"; from: string; to: string }
);

const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Berlin",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets are folded: CRLF and a space (§3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compactDate = (isoDate: string) => isoDate.replace(/-/g, "");
const compactTime = (time: string) => `${time.slice(0, 2)}${time.slice(3, 5)}00`;

function utcStamp(instant: Date): string {
  return `${instant.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}

export function buildCalendar(input: { name: string; events: CalendarEvent[]; now: Date }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Atelier Shop//Bookings//DE",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    "X-WR-TIMEZONE:Europe/Berlin",
    ...VTIMEZONE,
  ];
  const stamp = utcStamp(input.now);
  for (const event of input.events) {
    lines.push("BEGIN:VEVENT", `UID:${event.uid}`, `DTSTAMP:${stamp}`);
    if (event.kind === "timed") {
      const day = compactDate(event.date);
      lines.push(
        `DTSTART;TZID=Europe/Berlin:${day}T${compactTime(event.start)}`,
        `DTEND;TZID=Europe/Berlin:${day}T${compactTime(event.end)}`,
      );
      if (event.recurrenceId)
        lines.push(
          `RECURRENCE-ID;TZID=Europe/Berlin:${compactDate(event.recurrenceId)}T${compactTime(event.start)}`,
        );
      if (event.cancelled) lines.push("STATUS:CANCELLED");
      // With a zoned DTSTART, UNTIL is UTC (§3.3.10); the end of the last day covers its lesson.
      if (event.weeklyUntil) {
        lines.push(`RRULE:FREQ=WEEKLY;UNTIL=${compactDate(event.weeklyUntil)}T235959Z`);
        for (const exdate of event.exdates ?? []) {
          lines.push(`EXDATE;TZID=Europe/Berlin:${compactDate(exdate)}T${compactTime(event.start)}`);
        }
      }
    } else {
      lines.push(
        `DTSTART;VALUE=DATE:${compactDate(event.from)}`,
        `DTEND;VALUE=DATE:${compactDate(addDays(event.to, 1))}`,
      );
    }
    lines.push(`SUMMARY:${escapeText(event.summary)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
