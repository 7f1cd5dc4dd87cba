import { z } from "zod";
import { isRealDate, todayInBerlin } from "./dates.ts";

/**
 * A plausible attendee's age: children from 2, and adults, who book the 14+ offers too.
 * The bounds are checked on the birth date against Berlin's today.
 */
export const VISITOR_MIN_AGE_YEARS = 2;
export const VISITOR_MAX_AGE_YEARS = 100;

/** Full years of a person born on `birthDate` on the day `onDate` (both YYYY-MM-DD). */
export function ageInYears(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [y, m, d] = onDate.split("-").map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}

/** A visitor's birth date: a real date, not in the future, an age of 2 to 100 years today (spec §3, D24). */
export const BirthDateSchema = z
  .string({ error: "required" })
  .trim()
  .refine(isRealDate, { error: "invalid_date", abort: true })
  .refine((value) => value <= todayInBerlin(), { error: "birth_date_in_future", abort: true })
  .refine((value) => ageInYears(value, todayInBerlin()) >= VISITOR_MIN_AGE_YEARS, {
    error: "birth_date_too_young",
    abort: true,
  })
  .refine((value) => ageInYears(value, todayInBerlin()) <= VISITOR_MAX_AGE_YEARS, {
    error: "birth_date_too_old",
  });
