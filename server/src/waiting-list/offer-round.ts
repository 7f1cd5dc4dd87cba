// The worker's round of the waiting lists: in every unit with people in line, paid entries are closed,
// offers that ran out pass, and the seats nobody holds go to the first in line, under the unit's lock.
import { randomBytes } from "node:crypto";
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
    // The first in line whom the cart would still take (D518). An entry the cart refuses (a child grown
    // out of the age group, a booking the catalogue no longer has) is passed, as an offer its parent could
    // not have accepted would have been once it lapsed, without holding the seat for the offer's hours;
    // the line moves on and the unit leaves the worker's rounds once nobody it could take waits.
    for (const entry of await firstInLine(tx, unit, free + PASSED_OVER_PER_ROUND)) {
      if (made >= free) break;
      if (!(await cartWouldTake(tx, entry))) {
        await updateEntry(tx, entry.id, { status: "passed" });
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

/** Whether the cart's rules take the entry's booking now, but for the seat (which is this round's to give). */
async function cartWouldTake(tx: Tx, entry: EntryRow): Promise<boolean> {
  try {
    await checkBooking(tx, { userId: entry.userId }, bookingOf(entry), []);
    return true;
  } catch (error) {
    if (error instanceof AppError) return error.code === "no_seats_left";
    throw error;
  }
}
