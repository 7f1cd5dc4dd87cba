import { and, eq, inArray, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { waitingListEntries } from "../db/index.ts";
import { slotOfferHolds, weekOfferHolds } from "./seats.ts";

/**
 * Running offers of one parent's children for the given units (counted as taken by seats.ts; the cart
 * gives a family its own offers' seats back).
 */
export async function findRunningOffers(db: DbOrTx, userId: number, slotIds: number[], weekIds: number[]) {
  if (slotIds.length === 0 && weekIds.length === 0) return [];
  const units: SQL[] = [];
  if (slotIds.length > 0)
    units.push(and(inArray(waitingListEntries.scheduleSlotId, slotIds), slotOfferHolds) as SQL);
  if (weekIds.length > 0)
    units.push(and(inArray(waitingListEntries.academyWeekId, weekIds), weekOfferHolds) as SQL);
  return db
    .select({
      visitorId: waitingListEntries.visitorId,
      scheduleSlotId: waitingListEntries.scheduleSlotId,
      academyWeekId: waitingListEntries.academyWeekId,
    })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.userId, userId), or(...units)));
}
