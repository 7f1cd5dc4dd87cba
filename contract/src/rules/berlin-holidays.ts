/**
 * Berlin's public holidays (Feiertagsgesetz Berlin), for § 193 BGB: a period whose last day falls on a
 * Saturday, a Sunday or one of these ends on the next working day. One-off holidays (8 May 2020 and 2025)
 * are past and left out.
 */

/** Easter Sunday of `year` (`YYYY-MM-DD`), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const plusDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** Neujahr, Frauentag (since 2019), 1. Mai, Tag der Deutschen Einheit, both Christmas days. */
const FIXED = ["01-01", "03-08", "05-01", "10-03", "12-25", "12-26"];

/** Whether `day` (`YYYY-MM-DD`) is a public holiday in Berlin. */
export function isBerlinHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4));
  if (FIXED.includes(day.slice(5)) && (day.slice(5) !== "03-08" || year >= 2019)) return true;
  const easter = easterSunday(year);
  // Karfreitag, Ostermontag, Christi Himmelfahrt, Pfingstmontag.
  return [-2, 1, 39, 50].some((offset) => plusDays(easter, offset) === day);
}

/** `day`, or the next day after it that is neither a Saturday, a Sunday nor a Berlin holiday (§ 193 BGB). */
export function nextWorkingDay(day: string): string {
  let current = day;
  for (;;) {
    const weekday = new Date(`${current}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isBerlinHoliday(current)) return current;
    current = plusDays(current, 1);
  }
}
