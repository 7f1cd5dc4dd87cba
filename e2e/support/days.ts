/** Days on the school's clock (Berlin), as the tests pick and read them. */

/** Today in Berlin as YYYY-MM-DD. */
export const berlinToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());

/** 0 = Monday … 6 = Sunday, as slots count weekdays. */
export const weekdayOf = (iso: string) => (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;

/** A Berlin day (YYYY-MM-DD) `offsetDays` from today and its weekday (0 = Monday), as slots count them. */
export function berlinDay(offsetDays = 0): { date: string; weekday: number } {
  const date = new Date(`${berlinToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  const iso = date.toISOString().slice(0, 10);
  return { date: iso, weekday: weekdayOf(iso) };
}

/** A day as the storefront and the profile show it (web/src/lib/format.ts formatDate): "Do., 31. Dez. 2026". */
export const shownDay = (iso: string, locale: "de" | "ru" = "de") => {
  const [y, m, d] = iso.split("-").map(Number);
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "ru-RU", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)));
};
