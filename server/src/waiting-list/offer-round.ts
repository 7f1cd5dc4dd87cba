// The worker's round of the waiting lists: in every unit with people in line, paid entries are closed,
// offers that ran out pass, and the seats nobody holds go to the first in line, under the unit's lock.
import { randomBytes } from "node:crypto";
import { AGE_REFUSAL_CODES } from "@atelier/contract";
import { lockUnits } from "../checkout/index.ts";
import type { Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { checkBooking } from "../orders/index.ts";
import { bookingOf } from "./parent-entries.ts";
import type { WaitingListContext } from "./waiting-list.deps.ts";
import {
  type EntryRow,
  findUnitsInLine,
  firstInLine,
  freeSeats,
  makeOffer,
  settleEntries,
  type Unit,
  updateEntry,
} from "./waiting-list.repository.ts";
import { mailOffer } from "./waiting-list-mails.ts";

/** Units one worker round looks at; the rest wait for the next round. */
const UNITS_PER_ROUND = 50;

/**
 * One round for the worker: in every unit with people in line, paid entries are closed, offers that
 * ran out pass, and the seats nobody holds go to the first in line. Returns the offers made.
 */
export async function offerFreedSeats(ctx: WaitingListContext): Promise<number> {
  let made = 0;
  for (const unit of await findUnitsInLine(ctx.db, UNITS_PER_ROUND)) {
    try {
      made += await offerUnit(ctx, unit);
    } catch (error) {
      ctx.log.warn({ err: error, unit }, "waiting list left for the next round");
    }
  }
  return made;
}

/** Offers the unit's free seats to the first in line, in one transaction under the unit's lock. */
async function offerUnit(ctx: WaitingListContext, unit: Unit): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await lockUnits(tx, unit.kind === "slot" ? [unit.id] : [], unit.kind === "week" ? [unit.id] : []);
    await settleEntries(tx, unit);
    const free = await freeSeats(tx, unit);
    if (free <= 0) return 0;
    let made = 0;
    // The first in line whom the cart would still take (D518). An entry the cart refuses for its child (grown
    // out of the age group, no longer the parent's) is passed, as an offer its parent could not have
    // accepted would have been once it lapsed, without holding the seat; the line moves on and leaves the
    // worker's rounds. A refusal of the catalogue's (a page unpublished while staff edit it) passes nobody:
    // the entry keeps its place for when the offer is bookable again.
    for (const entry of await firstInLine(tx, unit, free + PASSED_OVER_PER_ROUND)) {
      if (made >= free) break;
      const refusal = await cartRefusal(tx, entry);
      if (refusal !== null) {
        if (CHILD_REFUSALS.has(refusal)) await updateEntry(tx, entry.id, { status: "passed" });
        continue;
      }
      const token = randomBytes(32).toString("base64url");
      const offered = await makeOffer(tx, entry.id, token, ctx.offerHours);
      if (offered) await mailOffer(ctx, tx, offered);
      made += 1;
    }
    return made;
  });
}

/** How many entries a unit's round may pass over beside the seats it offers. */
const PASSED_OVER_PER_ROUND = 20;

/** Refusals that are the child's own and last: its age for this offer, or a child no longer the parent's. */
const CHILD_REFUSALS: ReadonlySet<string> = new Set([
  ...AGE_REFUSAL_CODES,
  "age_not_in_group",
  "visitor_not_found",
]);

/**
 * Why the cart's rules refuse the entry's booking now (its code), or null when they take it, but for the
 * seat, which is this round's to give.
 */
async function cartRefusal(tx: Tx, entry: EntryRow): Promise<string | null> {
  try {
    await checkBooking(tx, { userId: entry.userId }, bookingOf(entry), []);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code === "no_seats_left" ? null : error.code;
    throw error;
  }
}
