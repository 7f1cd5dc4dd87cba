import { randomUUID } from "node:crypto";
import {
  type AdminListQuery,
  type AdminPartyConfirm,
  type AdminPartyRequest,
  type AdminRequestUpdate,
  REQUEST_STATUSES,
  type RequestStatus,
  shownPhone,
  todayInBerlin,
} from "@atelier/contract";
import type { StaffOrders } from "../checkout/index.ts";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail } from "../mail/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import {
  findPartyRequest,
  listPartyRequestsForStaff,
  lockPartyRoom,
  type PartyRequestView,
  partiesHoldingRooms,
  toPartyRequest,
  updatePartyRequest,
} from "../visit-requests/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { rangeOf } from "./list-query.ts";
import { checkHandler } from "./request-handler.ts";
import { versionOf } from "./version.ts";

const status = (value: string): RequestStatus =>
  (REQUEST_STATUSES as readonly string[]).includes(value) ? (value as RequestStatus) : "new";

type Holding = Awaited<ReturnType<typeof partiesHoldingRooms>>;

/** The request's preferred days its room already holds for another party (D191), by day. */
function daysTaken(row: PartyRequestView, holding: Holding): AdminPartyRequest["days_taken"] {
  return row.dates.flatMap((date) => {
    const requests = holding
      .filter(
        (other) => other.id !== row.id && other.optionId === row.purchaseOptionId && other.date === date,
      )
      .map((other) => other.id);
    return requests.length ? [{ date, requests }] : [];
  });
}

/** The rooms' other parties on the requests' preferred days, in one query for a whole page of requests. */
const holdingFor = (db: DbOrTx, rows: PartyRequestView[]) =>
  partiesHoldingRooms(
    db,
    [...new Set(rows.map((row) => row.purchaseOptionId))],
    [...new Set(rows.flatMap((row) => row.dates))],
  );

/** The version covers the request itself, not other requests that hold its days (as a house's counts, D99). */
function toAdminParty(row: PartyRequestView, holding: Holding): AdminPartyRequest {
  const values = {
    ...toPartyRequest(row, "de"),
    user: row.userId,
    parent_name: `${row.parentFirstName} ${row.parentLastName}`.trim(),
    parent_email: row.parentEmail,
    parent_phone: shownPhone(row.parentPhone),
    locale: row.locale,
    status: status(row.status),
    note: row.note,
    handler: row.handlerId,
  };
  return { ...values, days_taken: daysTaken(row, holding), version: versionOf(values) };
}

/** The audit keeps staff's handling and answer, not the family's data (as for visit requests, D139). */
const auditParty = auditTrail("party-requests", (r: AdminPartyRequest) => ({
  status: r.status,
  note: r.note,
  handler: r.handler,
  confirmed_date: r.confirmed_date,
  order: r.order,
  state: r.state,
}));

/**
 * The party's order at the catalogue price (checkout's staff orders, D156), held for the payment link; the
 * comment carries the date, the children and the family's own words.
 */
function buildPartyOrder(
  tx: Tx,
  staffOrders: StaffOrders,
  staff: AuthUser,
  row: PartyRequestView,
  parentId: number,
  input: AdminPartyConfirm,
) {
  return staffOrders.build(tx, {
    requestId: randomUUID(),
    parentId,
    holdMinutes: input.hold_minutes,
    staffId: staff.id,
    partyDate: input.date,
    // The confirmation and its payment in the language the family wrote the request in (D552).
    locale: row.locale,
    items: [
      {
        product_page: row.productPageId,
        purchase_option: row.purchaseOptionId,
        visitor: null,
        schedule_slots: [],
        academy_weeks: [],
        comment:
          `${input.date}; ${row.childrenCount} × (${row.ages.join(", ")})${row.comment ? `; ${row.comment}` : ""}`.slice(
            0,
            500,
          ),
      },
    ],
  });
}

/** The parent's answer to a declined request, in the request's language (D181). */
async function mailPartyDeclined(tx: Tx, row: PartyRequestView, publicUrl: string) {
  await enqueueMail(
    tx,
    {
      to: row.parentEmail,
      template: "party-declined",
      locale: row.locale,
      data: {
        requestId: row.id,
        firstName: row.parentFirstName,
        productName: row.productName[row.locale] || row.productName.de || "",
        optionName: row.optionName[row.locale] || row.optionName.de || "",
        dates: row.dates,
      },
    },
    { publicUrl },
  );
}

/**
 * Birthday-party requests in the requests inbox (D158–D160): status, note and handler like the other
 * requests; "confirm a date" builds the party's order at the catalogue price and mails the payment link
 * (checkout's staff orders, D156), "decline" closes the request. Confirming again answers the request as
 * it is: one order, one mail.
 */
export function createPartyRequestsAdmin({
  db,
  staffOrders,
  publicUrl,
}: {
  db: Db;
  staffOrders: StaffOrders;
  publicUrl: string;
}) {
  async function locked(tx: Tx, id: number) {
    const row = foundOr404(await findPartyRequest(tx, id, true));
    return row;
  }

  const view = async (db: DbOrTx, row: PartyRequestView) => toAdminParty(row, await holdingFor(db, [row]));
  const reload = async (tx: Tx, id: number) => view(tx, (await findPartyRequest(tx, id)) as PartyRequestView);

  return {
    async list(query: AdminListQuery) {
      const cut = rangeOf(query);
      const page = await listPartyRequestsForStaff(db, cut);
      const holding = await holdingFor(db, page.rows);
      return { cut, page: { rows: page.rows.map((row) => toAdminParty(row, holding)), total: page.total } };
    },

    async get(id: number): Promise<AdminPartyRequest> {
      const row = foundOr404(await findPartyRequest(db, id));
      return view(db, row);
    },

    async update(staff: AuthUser, id: number, input: AdminRequestUpdate): Promise<AdminPartyRequest> {
      return db.transaction(async (tx) => {
        const before = await view(tx, await locked(tx, id));
        if (before.version !== input.version) throw new AppError("stale_version", 409);
        await checkHandler(tx, input.handler, before.handler);
        await updatePartyRequest(tx, id, {
          status: input.status,
          note: input.note,
          handlerId: input.handler,
        });
        const after = await reload(tx, id);
        await auditParty(tx, staff, id, "update", before, after);
        return after;
      });
    },

    async confirm(staff: AuthUser, id: number, input: AdminPartyConfirm): Promise<AdminPartyRequest> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, id);
        const before = await view(tx, row);
        // A repeated confirm (a double click, a retry) finds the order already built: nothing more happens.
        if (row.orderId !== null) return before;
        if (row.declinedAt !== null || row.userId === null)
          throw AppError.validation("non_field_errors", "party_request_closed");
        if (before.version !== input.version) throw new AppError("stale_version", 409);
        if (!row.dates.includes(input.date)) throw AppError.validation("date", "party_date_not_requested");
        if (input.date <= todayInBerlin()) throw AppError.validation("date", "party_date_past");
        // One room, one day: another party there is confirmed only knowingly (D191). The room's row is
        // locked first, so of two confirms for one day the second sees the first.
        await lockPartyRoom(tx, row.purchaseOptionId);
        const holding = await partiesHoldingRooms(tx, [row.purchaseOptionId], [input.date]);
        if (!input.allow_same_day && holding.some((other) => other.id !== row.id))
          throw AppError.validation("date", "party_day_taken");
        const built = await buildPartyOrder(tx, staffOrders, staff, row, row.userId, input);
        await updatePartyRequest(tx, id, {
          confirmedDate: input.date,
          orderId: built.order.id,
          status: row.status === "done" ? "done" : "in_progress",
          handlerId: row.handlerId ?? staff.id,
        });
        const after = await reload(tx, id);
        await auditParty(tx, staff, id, "update", before, after);
        return after;
      });
    },

    async decline(staff: AuthUser, id: number, version: string): Promise<AdminPartyRequest> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, id);
        const before = await view(tx, row);
        if (row.declinedAt !== null) return before;
        if (row.orderId !== null) throw AppError.validation("non_field_errors", "party_request_closed");
        if (before.version !== version) throw new AppError("stale_version", 409);
        await updatePartyRequest(tx, id, {
          declinedAt: new Date(),
          status: "done",
          handlerId: row.handlerId ?? staff.id,
        });
        // The parent hears the answer at once, in the request's language (D181), as a confirmed party does.
        if (row.userId !== null && row.parentEmail !== "") await mailPartyDeclined(tx, row, publicUrl);
        const after = await reload(tx, id);
        await auditParty(tx, staff, id, "update", before, after);
        return after;
      });
    },
  };
}
