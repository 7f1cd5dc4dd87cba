// The worker's round of the waiting lists: in every unit with people in line, paid entries are closed,
// offers that ran out pass, and the seats nobody holds go to the first in line, under the unit's lock.
import { randomBytes } from "node:crypto";
import { lockUnits } from "../checkout/index.ts";
import type { WaitingListContext } from "./waiting-list.deps.ts";
import {
  findUnitsInLine,
  firstInLine,
  freeSeats,
  makeOffer,
  settleEntries,
  type Unit,
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
    const next = await firstInLine(tx, unit, free);
    for (const entry of next) {
      const token = randomBytes(32).toString("base64url");
      const offered = await makeOffer(tx, entry.id, token, ctx.offerHours);
      if (offered) await mailOffer(ctx, tx, offered);
    }
    return next.length;
  });
}
