import { and, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { pgArray, ph, prepared, waitingListEntries } from "../db/index.ts";
import { slotOfferHolds, weekOfferHolds } from "./seats.ts";

/**
 * Running offers of one parent's children for the given units (counted as taken by seats.ts; the cart
 * gives a family its own offers' seats back).
 */
export async function findRunningOffers(db: DbOrTx, userId: number, slotIds: number[], weekIds: number[]) {
  if (slotIds.length === 0 && weekIds.length === 0) return [];
  const units: SQL[] = [];
  if (slotIds.length > 0)
    units.push(
      sql`(${waitingListEntries.scheduleSlotId} = any(${ph("slotIds")}::int[]) and ${slotOfferHolds})`,
    );
  if (weekIds.length > 0)
    units.push(
      sql`(${waitingListEntries.academyWeekId} = any(${ph("weekIds")}::int[]) and ${weekOfferHolds})`,
    );
  // Every add of a course or week asks this: prepared per kind of unit asked, planned once per connection.
  const name = `running_offers_${slotIds.length > 0 ? "s" : ""}${weekIds.length > 0 ? "w" : ""}`;
  return prepared<
    Pick<typeof waitingListEntries.$inferSelect, "visitorId" | "scheduleSlotId" | "academyWeekId">[]
  >(db, name, () =>
    db
      .select({
        visitorId: waitingListEntries.visitorId,
        scheduleSlotId: waitingListEntries.scheduleSlotId,
        academyWeekId: waitingListEntries.academyWeekId,
      })
      .from(waitingListEntries)
      .where(and(sql`${waitingListEntries.userId} = ${ph("userId")}`, or(...units))),
  ).execute({ userId, slotIds: pgArray(slotIds), weekIds: pgArray(weekIds) });
}
