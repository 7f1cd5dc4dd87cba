/** The school's calendar: invoice years, issue dates and "today" are Berlin's, whatever the server's zone. */
const BERLIN_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day of an instant in Berlin, `YYYY-MM-DD`. */
export function berlinDate(instant: Date): string {
  return BERLIN_DATE.format(instant);
}
