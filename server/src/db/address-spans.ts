import { and, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * An e-mail address a family used, and the time it was theirs (D577): `until` when the account moved off it
 * (the note of the move, written in that transaction, is still the family's), `from` when another account had
 * moved off it before (what was written then is that account's). An address can pass from one family to
 * another (a shared mailbox, a provider that gives names out again), so what was sent with it belongs to
 * whoever had it when it was sent: each family's data file and erasure find their own rows only.
 *
 * The times are PostgreSQL's own, to the microsecond, as {@link exactInstant} reads them: a JavaScript
 * `Date` keeps milliseconds, and a row written in the move's transaction would fall on the wrong side.
 */
export type AddressSpan = { email: string; from?: string | undefined; until?: string | undefined };

/** A timestamp column as UTC ISO text with microseconds: exact, and ordered as text is. */
export function exactInstant(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The condition that `at` (when a row was written) lies in the span. */
export function withinSpan(at: AnyPgColumn, span: AddressSpan): SQL | undefined {
  return and(
    span.from ? sql`${at} > ${span.from}::timestamptz` : undefined,
    span.until ? sql`${at} <= ${span.until}::timestamptz` : undefined,
  );
}

/** `address` is one of the spans' addresses (any case) and `at`, when the row was written, lies in its span. */
export function sentWithin(address: AnyPgColumn | SQL, at: AnyPgColumn, spans: readonly AddressSpan[]): SQL {
  const each = spans.map((span) => and(sql`lower(${address}) = lower(${span.email})`, withinSpan(at, span)));
  return or(...each) ?? sql`false`;
}
