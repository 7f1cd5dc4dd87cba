// The day a date picker of the existing client names (D95, D547): visit requests and appointments (D628).

/** A full ISO timestamp, as a JavaScript Date's `toISOString()` writes it (`2026-12-02T23:00:00.000Z`). */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The day of a visit (D95): a date (YYYY-MM-DD), or the timestamp the existing client makes of the day its
 * date picker chose: the midnight that begins that day in the parent's browser, sent in UTC. Midnight in
 * Berlin is still the day before in UTC, and midnight in Moscow is 22:00 in Berlin the day before, so the
 * day is read as UTC's twelve hours later: right for any browser between UTC−12 and UTC+12 (D547). A
 * timestamp with its offset written out names the browser's own day. Today or later (Berlin); absent or
 * null when the family named no day.
 */
export function visitDayOf(value: string): string {
  if (!ISO_TIMESTAMP.test(value)) return value;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  // "2027-02-30T10:00:00Z" is read by Date as 2 March: a day that does not exist is passed on as written,
  // so the date's own check refuses it (D615).
  const written = value.slice(0, 10);
  if (new Date(`${written}T12:00:00Z`).toISOString().slice(0, 10) !== written) return written;
  if (!/z$/i.test(value)) return written;
  return new Date(instant.getTime() + 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
