/** The decade's span: ISO days and instants, all in UTC (the generator needs no wall clock of Berlin). */
export type Decade = { firstDay: string; lastDay: string; start: number; end: number };

const DAY_MS = 86_400_000;

export function decadeOf(years: number, until: Date): Decade {
  const end = Date.UTC(until.getUTCFullYear(), until.getUTCMonth(), until.getUTCDate(), 6);
  const start = end - Math.round(years * 365.25) * DAY_MS;
  return { firstDay: isoDay(new Date(start)), lastDay: isoDay(new Date(end)), start, end };
}

export const isoDay = (d: Date | string | number): string => new Date(d).toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string =>
  isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
export const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
export const DAY = DAY_MS;

/** The weekday of an ISO day, 0 = Monday … 6 = Sunday (as schedule_slots count). */
export const weekdayOf = (day: string): number => (new Date(dayMs(day)).getUTCDay() + 6) % 7;

/** An instant on a day at "HH:MM" (UTC; close enough to the school's hour for generated rows). */
export const at = (day: string, hhmm: string): Date => new Date(`${day}T${hhmm}:00Z`);
export const addMonths = (t: number, months: number): number => {
  const d = new Date(t);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
};
