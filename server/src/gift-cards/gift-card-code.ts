import { randomInt } from "node:crypto";
import { SCHOOL_TIME_ZONE } from "@atelier/contract";

/** Letters and digits a person reads and types without mixing them up (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
const ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";

/**
 * A gift card's code: 16 characters from 25 (about 74 bits, unguessable even without the rate limit on
 * the code field) in groups of four. Codes compare case-insensitively.
 */
export function newGiftCardCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

/**
 * Valid three years to the end of the year of purchase (§ 195, § 199 BGB: the claim expires three years
 * after the end of the year it arose in), as the last moment of 31 December in Berlin.
 */
export function giftCardExpiry(purchasedAt: Date): Date {
  const year = Number(
    new Intl.DateTimeFormat("en", { timeZone: SCHOOL_TIME_ZONE, year: "numeric" }).format(purchasedAt),
  );
  // 31 December 23:59:59 in Berlin is 22:59:59 UTC (winter time).
  return new Date(Date.UTC(year + 3, 11, 31, 22, 59, 59));
}
