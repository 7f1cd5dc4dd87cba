import { randomBytes } from "node:crypto";
import {
  type AdminWaitingEntry,
  type Locale,
  WAITING_LIST_MAX_OPEN_ENTRIES,
  type WaitingEntryStatus,
  type WaitingListEntry,
  type WaitingListJoin,
  type WaitingOfferAccepted,
} from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import { lockUnits } from "../checkout/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail, enqueueStaffNotice } from "../mail/index.ts";
import type { CartService } from "../orders/index.ts";
import type { StaffRecipients } from "../settings/index.ts";
import {
  countOpenEntries,
  type EntryRow,
  findEntryOfUser,
  findItemOrder,
  findOfferMailFacts,
  findOfferOfUser,
  findOpenEntry,
  findOptionPage,
  findUnitsInLine,
  firstInLine,
  freeSeats,
  insertEntry,
  type ListedEntry,
  listEntries,
  makeOffer,
  settleEntries,
  type Unit,
  unitOfEntry,
  updateEntry,
} from "./waiting-list.repository.ts";
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
    parent_phone: row.parentPhone === "+" ? "" : row.parentPhone,
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

/** The slot or week a row names (each joined column may be null), as a mail describes it. */
type UnitColumns = {
  slotWeekday: number | null;
  slotDate: string | null;
  slotStart: string | null;
  slotEnd: string | null;
  weekStartsOn: string | null;
  weekEndsOn: string | null;
};

function mailUnitsOf(row: UnitColumns) {
  return {
    slot:
      row.slotStart !== null && row.slotEnd !== null
        ? { weekday: row.slotWeekday, date: row.slotDate, start: row.slotStart, end: row.slotEnd }
        : null,
    week:
      row.weekStartsOn !== null && row.weekEndsOn !== null
        ? { startsOn: row.weekStartsOn, endsOn: row.weekEndsOn }
        : null,
  };
}

/** The entry's slot or week with its id, as the parents' and the staff's lists answer it. */
function unitsOf(entry: { scheduleSlotId: number | null; academyWeekId: number | null }, row: UnitColumns) {
  const { slot, week } = mailUnitsOf(row);
  return {
    schedule_slot: entry.scheduleSlotId !== null && slot ? { id: entry.scheduleSlotId, ...slot } : null,
    academy_week:
      entry.academyWeekId !== null && week
        ? { id: entry.academyWeekId, starts_on: week.startsOn, ends_on: week.endsOn }
        : null,
  };
}

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

export type WaitingListService = ReturnType<typeof createWaitingListService>;

/** Units one worker round looks at; the rest wait for the next round. */
const UNITS_PER_ROUND = 50;

function toEntry(row: ListedEntry): WaitingListEntry {
  const { entry } = row;
  const offerRuns = entry.status === "offered";
  return {
    id: entry.id,
    status: entry.status,
    visitor: entry.visitorId,
    visitor_name: `${row.visitorFirstName} ${row.visitorLastName}`.trim(),
    product_page: {
      id: entry.productPageId,
      name: row.pageName,
      slug: row.pageSlug,
      product_type: row.productType,
    },
    purchase_option: entry.purchaseOptionId,
    purchase_option_name: row.optionName,
    ...unitsOf(entry, row),
    position: row.position,
    offer_token: offerRuns ? entry.offerToken : null,
    offer_expires_at: offerRuns ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    created_at: entry.createdAt.toISOString(),
  };
}

/** The booking an entry stands for, as the cart checks it: one slot or one week. */
const bookingOf = (entry: EntryRow) => ({
  product: null,
  product_page: entry.productPageId,
  purchase_option: entry.purchaseOptionId,
  visitor: entry.visitorId,
  schedule_slots: entry.scheduleSlotId === null ? [] : [entry.scheduleSlotId],
  academy_weeks: entry.academyWeekId === null ? [] : [entry.academyWeekId],
  academy_number_of_weeks: entry.academyWeekId === null ? null : 1,
  comment: "",
});

/**
 * Waiting lists (issue #9, D78–D79). Joining checks the booking exactly as the cart would and accepts
 * only when the one thing wrong is that no seat is left. Offers are made by `offerFreedSeats` (the payment
 * worker's loop) under the unit's row lock; a running offer holds its seat through seats.ts.
 */
export function createWaitingListService(deps: WaitingListDeps) {
  const { db, cart, log } = deps;
  const { lockCart, checkBooking, addBooking } = cart.internals;
  async function view(userId: number, id: number, locale: Locale): Promise<WaitingListEntry> {
    const [row] = await listEntries(db, userId, locale, [id]);
    if (!row) throw AppError.notFound();
    return toEntry(row);
  }

  /** The school hears of each new entry at once, in the entry's transaction (D110). */
  async function notifyStaffOfEntry(tx: Tx, id: number): Promise<void> {
    const facts = await findOfferMailFacts(tx, id, "de");
    if (!facts) throw new Error(`waiting list entry ${id} not found`);
    await enqueueStaffNotice(
      tx,
      await deps.staffEmails(tx),
      {
        event: "waiting_list_entry",
        orderId: null,
        parentEmail: facts.email,
        items: [
          {
            child: `${facts.childFirstName} ${facts.childLastName}`.trim(),
            offer: facts.optionName ? `${facts.pageName} – ${facts.optionName}` : facts.pageName,
          },
        ],
      },
      { publicUrl: deps.publicUrl },
    );
  }

  /** Offers the unit's free seats to the first in line, in one transaction under the unit's lock. */
  async function offerUnit(unit: Unit): Promise<number> {
    const made = await db.transaction(async (tx) => {
      await lockUnits(tx, unit.kind === "slot" ? [unit.id] : [], unit.kind === "week" ? [unit.id] : []);
      await settleEntries(tx, unit);
      const free = await freeSeats(tx, unit);
      const next = await firstInLine(tx, unit, free);
      for (const entry of next) {
        const token = randomBytes(32).toString("base64url");
        const offered = await makeOffer(tx, entry.id, token, deps.offerHours);
        if (offered) await mailOffer(tx, offered);
      }
      return next.length;
    });
    return made;
  }

  /** The parent hears that the child is on the list, and at which place (D144), in the entry's transaction. */
  async function mailJoined(tx: Tx, userId: number, id: number, locale: Locale): Promise<void> {
    const [entry] = await listEntries(tx, userId, locale, [id]);
    const facts = await findOfferMailFacts(tx, id, locale);
    if (!entry || !facts || entry.position === null) return;
    await enqueueMail(
      tx,
      {
        to: facts.email,
        template: "waiting-list-joined",
        locale,
        data: {
          parentFirstName: facts.parentFirstName,
          childName: `${facts.childFirstName} ${facts.childLastName}`.trim(),
          productName: facts.pageName,
          optionName: facts.optionName,
          ...mailUnitsOf(facts),
          position: entry.position,
          offerHours: deps.offerHours,
        },
      },
      { publicUrl: deps.publicUrl },
    );
  }

  async function mailOffer(tx: Tx, entry: EntryRow) {
    const facts = await findOfferMailFacts(tx, entry.id, entry.locale);
    if (!facts || !entry.offerToken || !entry.offerExpiresAt) return;
    await enqueueMail(
      tx,
      {
        to: facts.email,
        template: "waiting-list-offer",
        locale: entry.locale,
        data: {
          parentFirstName: facts.parentFirstName,
          childName: `${facts.childFirstName} ${facts.childLastName}`.trim(),
          productName: facts.pageName,
          optionName: facts.optionName,
          ...mailUnitsOf(facts),
          expiresAt: entry.offerExpiresAt.toISOString(),
          link: `${deps.webUrl.replace(/\/$/, "")}/waiting-list/offer/${entry.offerToken}`,
        },
      },
      { publicUrl: deps.publicUrl },
    );
  }

  async function staffEntry(id: number, locale: Locale): Promise<AdminWaitingEntry> {
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

  /** Staff's side of the waiting lists (D162, D163); each write audited through `audit` in its transaction. */
  const staff = {
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

    get: staffEntry,

    /**
     * Offers a seat of the entry's unit to this entry, whoever is first in line. The seat is one nobody
     * holds or, when the worker has already offered it, the oldest running offer no cart has taken yet: that
     * entry waits again at its old place and its parent is told (D190). Under the unit's lock, as the worker's
     * offers; the parent is mailed with the worker's own offer mail. A running offer to this entry answers as it is.
     */
    async offer(id: number, audit: StaffAudit, locale: Locale, addSeat = false): Promise<AdminWaitingEntry> {
      await db.transaction(async (tx) => {
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
          await mailEntryNotice(tx, other, "waiting-list-offer-withdrawn");
          handedOn = other.id;
        }
        const token = randomBytes(32).toString("base64url");
        const offered = await makeOffer(tx, id, token, deps.offerHours);
        if (!offered) throw AppError.notFound();
        await mailOffer(tx, offered);
        await audit(tx, {
          id,
          action: "update",
          before: { status: "waiting", ...(handedOn !== null ? { offer_taken_from: handedOn } : {}) },
          after: { status: "offered", offer_expires_at: offered.offerExpiresAt?.toISOString() ?? null },
        });
      });
      return staffEntry(id, locale);
    },

    /**
     * Takes the entry off its list (status `left`, as when the parent leaves it); a running offer's seat goes
     * on to the next in line through the worker. `notify` mails the parent. A closed entry answers as it is.
     */
    async remove(id: number, notify: boolean, audit: StaffAudit, locale: Locale): Promise<AdminWaitingEntry> {
      await db.transaction(async (tx) => {
        const locked = await lockEntry(tx, id);
        if (!locked) throw AppError.notFound();
        const { entry } = locked;
        if (entry.status !== "waiting" && entry.status !== "offered") return;
        await updateEntry(tx, id, { status: "left" });
        if (notify) await mailEntryNotice(tx, entry, "waiting-list-removed");
        await audit(tx, {
          id,
          action: "update",
          before: { status: entry.status },
          after: { status: "left", notified: notify },
        });
      });
      return staffEntry(id, locale);
    },
  };

  /** A mail about the entry to its parent, in the entry's language: taken off the list, or an offer handed on. */
  async function mailEntryNotice(
    tx: Tx,
    entry: EntryRow,
    template: "waiting-list-removed" | "waiting-list-offer-withdrawn",
  ) {
    const facts = await findOfferMailFacts(tx, entry.id, entry.locale);
    if (!facts) return;
    const unit =
      facts.slotStart !== null && facts.slotEnd !== null
        ? {
            kind: "slot" as const,
            weekday: facts.slotWeekday,
            date: facts.slotDate,
            start: facts.slotStart,
            end: facts.slotEnd,
          }
        : { kind: "week" as const, startsOn: facts.weekStartsOn ?? "", endsOn: facts.weekEndsOn ?? "" };
    await enqueueMail(
      tx,
      {
        to: facts.email,
        template,
        locale: entry.locale,
        data: {
          parentFirstName: facts.parentFirstName,
          childName: `${facts.childFirstName} ${facts.childLastName}`.trim(),
          productName: facts.pageName,
          unit,
        },
      },
      { publicUrl: deps.publicUrl },
    );
  }

  return {
    staff,

    /** `POST /orders/waiting_list/`: 201 with a new entry, 200 with the child's entry already there. */
    async join(
      userId: number,
      body: WaitingListJoin,
      locale: Locale,
    ): Promise<{ created: boolean; entry: WaitingListEntry }> {
      const id = await db.transaction(async (tx) => {
        const pageId = await findOptionPage(tx, body.purchase_option);
        if (pageId === undefined) throw AppError.validation("purchase_option", "option_not_on_page");
        const unit: Unit =
          body.schedule_slot !== null
            ? { kind: "slot", id: body.schedule_slot }
            : { kind: "week", id: body.academy_week ?? 0 };
        const request = {
          product: null,
          product_page: pageId,
          purchase_option: body.purchase_option,
          visitor: body.visitor,
          schedule_slots: unit.kind === "slot" ? [unit.id] : [],
          academy_weeks: unit.kind === "week" ? [unit.id] : [],
          academy_number_of_weeks: unit.kind === "week" ? 1 : null,
          comment: "",
        };
        // The cart's own rules (the child is the parent's, age, option, slot of the page, not booked yet):
        // the one failure a waiting list answers is "no seats left".
        try {
          await checkBooking(tx, { userId }, request, []);
          throw AppError.validation("non_field_errors", "seats_available");
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== "no_seats_left") throw error;
        }
        const existing = await findOpenEntry(tx, body.visitor, unit);
        if (existing) return { id: existing.id, created: false };
        if ((await countOpenEntries(tx, userId)) >= WAITING_LIST_MAX_OPEN_ENTRIES)
          throw AppError.validation("non_field_errors", "waiting_list_full");
        const row = await insertEntry(tx, {
          userId,
          visitorId: body.visitor,
          productPageId: pageId,
          purchaseOptionId: body.purchase_option,
          scheduleSlotId: unit.kind === "slot" ? unit.id : null,
          academyWeekId: unit.kind === "week" ? unit.id : null,
          locale,
        });
        if (row) {
          await notifyStaffOfEntry(tx, row.id);
          await mailJoined(tx, userId, row.id, locale);
          return { id: row.id, created: true };
        }
        const raced = await findOpenEntry(tx, body.visitor, unit);
        if (!raced) throw new Error("waiting list entry neither inserted nor found");
        return { id: raced.id, created: false };
      });
      return { created: id.created, entry: await view(userId, id.id, locale) };
    },

    async list(userId: number, locale: Locale): Promise<WaitingListEntry[]> {
      return (await listEntries(db, userId, locale)).map(toEntry);
    },

    /** `DELETE /orders/waiting_list/{id}/`: leaves the list; a running offer's seat goes to the next. */
    async leave(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const entry = await findEntryOfUser(tx, userId, id, true);
        if (!entry) throw AppError.notFound();
        if (entry.status === "waiting" || entry.status === "offered")
          await updateEntry(tx, id, { status: "left" });
      });
    },

    /** `GET /orders/waiting_list/offer/{token}/`: the offer, for the parent it was made to only. */
    async offer(userId: number, token: string, locale: Locale): Promise<WaitingListEntry> {
      const found = await findOfferOfUser(db, userId, token);
      if (!found) throw AppError.notFound();
      return view(userId, found.entry.id, locale);
    },

    /**
     * `POST /orders/waiting_list/offer/{token}/accept/`: the offered booking goes into the parent's cart,
     * checked by the cart's rules, where the running offer's seat counts as this child's. Repeating it
     * answers the same item.
     */
    async accept(userId: number, token: string, locale: Locale): Promise<WaitingOfferAccepted> {
      const result = await db.transaction(async (tx) => {
        const current = await lockCart(tx, { userId }, locale);
        const found = await findOfferOfUser(tx, userId, token, true);
        if (!found) throw AppError.notFound();
        const { entry, runs } = found;
        if (entry.status !== "offered" || !runs)
          throw AppError.validation("non_field_errors", "offer_expired");
        if (entry.orderItemId !== null) {
          const orderId = await findItemOrder(tx, entry.orderItemId);
          if (orderId === current.id) return { id: entry.id, order: current.id, item: entry.orderItemId };
        }
        const item = await addBooking(tx, current, bookingOf(entry), locale);
        await updateEntry(tx, entry.id, { orderItemId: item, acceptedAt: new Date() });
        return { id: entry.id, order: current.id, item };
      });
      return { entry: await view(userId, result.id, locale), order: result.order, order_item: result.item };
    },

    /**
     * One round for the worker: in every unit with people in line, paid entries are closed, offers that
     * ran out pass, and the seats nobody holds go to the first in line. Returns the offers made.
     */
    async offerFreedSeats(): Promise<number> {
      let made = 0;
      for (const unit of await findUnitsInLine(db, UNITS_PER_ROUND)) {
        try {
          made += await offerUnit(unit);
        } catch (error) {
          log.warn({ err: error, unit }, "waiting list left for the next round");
        }
      }
      return made;
    },
  };
}
