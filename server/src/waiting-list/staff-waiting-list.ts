// Staff's side of the waiting lists (D162, D163, D190, D273, D310): the list, one entry, offering a seat
// to an entry whoever is first in line, and taking an entry off; each write audited in its transaction.
import { randomBytes } from "node:crypto";
import type { AdminWaitingEntry, Locale, WaitingEntryStatus } from "@atelier/contract";
import { shownPhone } from "@atelier/contract";
import { lockUnits } from "../checkout/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { type StaffAudit, unitsOf, type WaitingListContext } from "./waiting-list.deps.ts";
import {
  freeSeats,
  makeOffer,
  settleEntries,
  type Unit,
  unitOfEntry,
  updateEntry,
} from "./waiting-list.repository.ts";
import { mailEntryNotice, mailOffer } from "./waiting-list-mails.ts";
import {
  addOneSeat,
  findTransferableOffer,
  listEntriesForStaff,
  lockEntry,
  STAFF_WAITING_SORTS,
  type StaffWaitingFilter,
  type StaffWaitingRow,
  withdrawOffer,
} from "./waiting-list-staff.repository.ts";

/** Staff's side of the waiting lists (D162, D163); each write audited through `audit` in its transaction. */
export function staffWaitingList(ctx: WaitingListContext) {
  const { db } = ctx;
  return {
    sorts: STAFF_WAITING_SORTS,
    needsSeat: (id: number) => offerNeedsSeat(db, id),
    async list(
      filter: Omit<StaffWaitingFilter, "statuses"> & { statuses?: WaitingEntryStatus[] },
      cut: Parameters<typeof listEntriesForStaff>[2],
      locale: Locale,
    ) {
      const page = await listEntriesForStaff(
        db,
        { ...filter, statuses: filter.statuses ?? ["waiting", "offered"] },
        cut,
        locale,
      );
      return { rows: page.rows.map(toStaffEntry), total: page.total };
    },
    get: (id: number, locale: Locale) => staffEntry(db, id, locale),
    offer: (id: number, audit: StaffAudit, locale: Locale, addSeat = false) =>
      offerToEntry(ctx, id, audit, locale, addSeat),
    remove: (id: number, notify: boolean, audit: StaffAudit, locale: Locale) =>
      removeEntry(ctx, id, notify, audit, locale),
  };
}

async function staffEntry(db: Db, id: number, locale: Locale): Promise<AdminWaitingEntry> {
  const page = await listEntriesForStaff(
    db,
    { ids: [id], statuses: ["waiting", "offered", "booked", "passed", "left"] },
    { sort: STAFF_WAITING_SORTS.id, descending: false, offset: 0, limit: 1 },
    locale,
  );
  const row = page.rows[0];
  if (!row) throw AppError.notFound();
  return toStaffEntry(row);
}

/**
 * Offers a seat of the entry's unit to this entry, whoever is first in line. The seat is one nobody
 * holds or, when the worker has already offered it, the oldest running offer no cart has taken yet: that
 * entry waits again at its old place and its parent is told (D190). Under the unit's lock, as the worker's
 * offers; the parent is mailed with the worker's own offer mail. A running offer to this entry answers as it is.
 */
async function offerToEntry(
  ctx: WaitingListContext,
  id: number,
  audit: StaffAudit,
  locale: Locale,
  addSeat: boolean,
): Promise<AdminWaitingEntry> {
  await ctx.db.transaction(async (tx) => {
    const first = await lockEntry(tx, id);
    if (!first) throw AppError.notFound();
    const unit = unitOfEntry(first.entry);
    await lockUnits(tx, unit.kind === "slot" ? [unit.id] : [], unit.kind === "week" ? [unit.id] : []);
    await settleEntries(tx, unit);
    const locked = await lockEntry(tx, id);
    if (!locked) throw AppError.notFound();
    if (locked.entry.status === "offered" && locked.runs) return;
    if (locked.entry.status !== "waiting")
      throw AppError.validation("non_field_errors", "waiting_entry_closed");
    let handedOn: number | null = null;
    if (addSeat) await addSeatWhenFull(tx, unit, audit);
    if ((await freeSeats(tx, unit)) < 1) {
      const other = await findTransferableOffer(tx, locked.entry);
      if (!other) throw AppError.validation("non_field_errors", "waiting_no_free_seat");
      await withdrawOffer(tx, other.id);
      // Their offer mail's link no longer works: they hear why, and that they wait at their place (D190).
      await mailEntryNotice(ctx, tx, other, "waiting-list-offer-withdrawn");
      handedOn = other.id;
    }
    const token = randomBytes(32).toString("base64url");
    const offered = await makeOffer(tx, id, token, ctx.offerHours);
    if (!offered) throw AppError.notFound();
    await mailOffer(ctx, tx, offered);
    await audit(tx, {
      id,
      action: "update",
      before: { status: "waiting", ...(handedOn !== null ? { offer_taken_from: handedOn } : {}) },
      after: { status: "offered", offer_expires_at: offered.offerExpiresAt?.toISOString() ?? null },
    });
  });
  return staffEntry(ctx.db, id, locale);
}

/**
 * Takes the entry off its list (status `left`, as when the parent leaves it); a running offer's seat goes
 * on to the next in line through the worker. `notify` mails the parent. A closed entry answers as it is.
 */
async function removeEntry(
  ctx: WaitingListContext,
  id: number,
  notify: boolean,
  audit: StaffAudit,
  locale: Locale,
): Promise<AdminWaitingEntry> {
  await ctx.db.transaction(async (tx) => {
    const locked = await lockEntry(tx, id);
    if (!locked) throw AppError.notFound();
    const { entry } = locked;
    if (entry.status !== "waiting" && entry.status !== "offered") return;
    await updateEntry(tx, id, { status: "left" });
    if (notify) await mailEntryNotice(ctx, tx, entry, "waiting-list-removed");
    await audit(tx, {
      id,
      action: "update",
      before: { status: entry.status },
      after: { status: "left", notified: notify },
    });
  });
  return staffEntry(ctx.db, id, locale);
}

/**
 * Whether offering a seat to the entry needs one more seat (D310): it waits, no seat is free and no running
 * offer can be handed on. The back office asks this before it offers, so a full slot is a question to staff,
 * not a refused request. Reads only; the offer itself decides again under the unit's lock.
 */
async function offerNeedsSeat(db: Db, id: number): Promise<{ needs_seat: boolean }> {
  return db.transaction(async (tx) => {
    const locked = await lockEntry(tx, id);
    if (!locked) throw AppError.notFound();
    if (locked.entry.status !== "waiting" || (await freeSeats(tx, unitOfEntry(locked.entry))) >= 1)
      return { needs_seat: false };
    return { needs_seat: !(await findTransferableOffer(tx, locked.entry)) };
  });
}

/**
 * Staff said yes to "add one seat and offer it" (D273): on a full slot or week one seat is added, under the
 * unit's lock the offer holds, audited; the offer follows in the same transaction, so both stand or fall.
 */
async function addSeatWhenFull(tx: Tx, unit: Unit, audit: StaffAudit): Promise<void> {
  if ((await freeSeats(tx, unit)) >= 1) return;
  const seats = await addOneSeat(tx, unit);
  const resource = unit.kind === "slot" ? "slots" : "academy-weeks";
  await audit(tx, {
    id: unit.id,
    action: "update",
    resource,
    before: { seats: seats.before },
    after: { seats: seats.after },
  });
}

function toStaffEntry(row: StaffWaitingRow): AdminWaitingEntry {
  const { entry } = row;
  const runs = entry.status === "offered";
  return {
    id: entry.id,
    status: entry.status,
    position: row.position,
    child: `${row.childFirstName} ${row.childLastName}`.trim(),
    child_birth_date: row.childBirthDate,
    parent: entry.userId,
    parent_name: `${row.parentFirstName} ${row.parentLastName}`.trim(),
    parent_email: row.parentEmail,
    parent_phone: shownPhone(row.parentPhone),
    product_page: entry.productPageId,
    product_name: row.productName,
    option_name: row.optionName,
    ...unitsOf(entry, row),
    locale: entry.locale,
    created_at: entry.createdAt.toISOString(),
    offered_at: runs ? (entry.offeredAt?.toISOString() ?? null) : null,
    offer_expires_at: runs ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
  };
}
