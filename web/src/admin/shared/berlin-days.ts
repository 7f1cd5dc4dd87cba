import { berlinDate, berlinMidnight } from "@atelier/contract";

/**
 * A promocode's first and last day as Berlin days (D318): a date input gives "2026-12-24", which must mean
 * that day in Berlin whatever the staff member's computer is set to. The API keeps moments: the first day
 * from Berlin midnight, the last day until the last millisecond before the next Berlin midnight.
 */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** The Berlin day a stored moment falls on, as the date input shows it; "" for none. */
export function berlinDayOf(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  const text = String(value);
  if (ISO_DAY.test(text)) return text;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? "" : berlinDate(instant);
}

/** The moment the API keeps for a Berlin day: its start, or its end (just before the next midnight). */
export function momentOfBerlinDay(value: unknown, edge: "start" | "end"): string | null {
  if (value === null || value === undefined || value === "") return null;
  const text = String(value);
  // A moment read from the server and not changed in the form stays as it was.
  if (!ISO_DAY.test(text)) return new Date(text).toISOString();
  if (edge === "start") return berlinMidnight(text).toISOString();
  return new Date(berlinMidnight(nextDay(text)).getTime() - 1).toISOString();
}
