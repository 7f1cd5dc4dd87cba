// What every use case of the waiting lists shares (D355): the service's typed `deps`, the cart's own
// rules it books by, and how an entry's slot or week is described in replies and mails.
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../db/index.ts";
import type { CartDeps, CartService } from "../orders/index.ts";
import type { StaffRecipients } from "../settings/index.ts";

export type WaitingListDeps = {
  db: Db;
  cart: CartService;
  /** How long an offer holds its seat (env WAITING_OFFER_HOURS). */
  offerHours: number;
  /** The web app's origin for the offer link (env WEB_URL); PUBLIC_URL for the mail's footer. */
  webUrl: string;
  publicUrl: string;
  /** Who the school is told at of a new entry (D110): SCHOOL_EMAIL or STAFF_NOTIFY_EMAILS. */
  staffEmails: StaffRecipients;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
};

/** The deps with the cart's, which the orders entry's cart functions the waiting list books through take. */
export type WaitingListContext = WaitingListDeps & { cartDeps: CartDeps };

export function waitingListContext(deps: WaitingListDeps): WaitingListContext {
  return { ...deps, cartDeps: deps.cart.deps };
}

/** Writes the audit entry of a staff action in its transaction (the back office hands it in, D162). */
export type StaffAudit = (
  tx: Tx,
  entry: {
    id: number;
    action: "update";
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    /** Another record the same action changed (the seats of the entry's slot or week, D273). */
    resource?: "slots" | "academy-weeks";
  },
) => Promise<void>;

/** The slot or week a row names (each joined column may be null), as a mail describes it. */
export type UnitColumns = {
  slotWeekday: number | null;
  slotDate: string | null;
  slotStart: string | null;
  slotEnd: string | null;
  weekStartsOn: string | null;
  weekEndsOn: string | null;
};

export function mailUnitsOf(row: UnitColumns) {
  return {
    slot:
      row.slotStart !== null && row.slotEnd !== null
        ? // "HH:MM" as the cart's items answer a slot's times (D497); the column reads "HH:MM:SS".
          {
            weekday: row.slotWeekday,
            date: row.slotDate,
            start: row.slotStart.slice(0, 5),
            end: row.slotEnd.slice(0, 5),
          }
        : null,
    week:
      row.weekStartsOn !== null && row.weekEndsOn !== null
        ? { startsOn: row.weekStartsOn, endsOn: row.weekEndsOn }
        : null,
  };
}

/** The entry's slot or week with its id, as the parents' and the staff's lists answer it. */
export function unitsOf(
  entry: { scheduleSlotId: number | null; academyWeekId: number | null },
  row: UnitColumns,
) {
  const { slot, week } = mailUnitsOf(row);
  return {
    schedule_slot: entry.scheduleSlotId !== null && slot ? { id: entry.scheduleSlotId, ...slot } : null,
    academy_week:
      entry.academyWeekId !== null && week
        ? { id: entry.academyWeekId, starts_on: week.startsOn, ends_on: week.endsOn }
        : null,
  };
}
