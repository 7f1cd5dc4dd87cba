import {
  type AdminContactRequest,
  type AdminListQuery,
  type AdminRequestUpdate,
  type AdminVisitRequest,
  CONTACT_REQUEST_KINDS,
  type Locale,
  REQUEST_STATUSES,
  type RequestStatus,
  VISIT_REQUEST_KINDS,
} from "@atelier/contract";
import {
  CONTACT_REQUEST_SORTS,
  type ContactRequestRow,
  findContactRequestForEdit,
  listContactRequestsForStaff,
  updateContactRequestHandling,
} from "../contact/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import {
  findVisitRequestForEdit,
  listVisitRequestsForStaff,
  updateVisitRequestHandling,
  VISIT_REQUEST_SORTS,
  type VisitRequestWithPage,
} from "../visit-requests/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { filterValue, listCut } from "./list-query.ts";
import { checkHandler } from "./request-handler.ts";
import { versionOf } from "./version.ts";

const status = (value: string): RequestStatus =>
  (REQUEST_STATUSES as readonly string[]).includes(value) ? (value as RequestStatus) : "new";

/** `HH:MM` of a Postgres `time` ("16:00:00"); null stays null. */
export function clock(value: string): string;
export function clock(value: string | null): string | null;
export function clock(value: string | null): string | null {
  return value === null ? null : value.slice(0, 5);
}

/** "Haus Mitte, Kastanienallee 12, 10435 Berlin": the house as a family finds it; null without one. */
export function houseText(row: VisitRequestWithPage, locale: Locale): string | null {
  const house = row.house;
  if (!house) return null;
  const name = house.name[locale] || house.name.de;
  return [name, house.street, `${house.postCode} ${house.city}`.trim()].filter(Boolean).join(", ");
}

export function toAdminVisit(row: VisitRequestWithPage): AdminVisitRequest {
  const values = {
    id: row.id,
    kind: row.kind,
    product_page: row.productPageId,
    product_name: row.productName.de,
    user: row.userId,
    children: row.children.map((child) => ({
      first_name: child.first_name,
      last_name: child.last_name,
      birth_date: child.birth_date ?? null,
    })),
    adults: row.adults,
    date: row.date,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    requested_slot: row.requestedSlotId,
    confirmed_start: row.confirmedStart === null ? null : clock(row.confirmedStart),
    confirmed_end: row.confirmedEnd === null ? null : clock(row.confirmedEnd),
    house: houseText(row, "de"),
    status: status(row.status),
    note: row.note,
    handler: row.handlerId,
    locale: row.locale,
    created_at: row.createdAt.toISOString(),
  };
  return { ...values, version: versionOf(values) };
}

function toAdminContact(row: ContactRequestRow): AdminContactRequest {
  const values = {
    id: row.id,
    kind: row.kind,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    comment: row.comment,
    message: row.message,
    position: row.position,
    appointment_date: row.appointmentDate,
    locale: row.locale,
    status: status(row.status),
    note: row.note,
    handler: row.handlerId,
    created_at: row.createdAt.toISOString(),
  };
  return { ...values, version: versionOf(values) };
}

/**
 * The audit log keeps what staff changed (status, note, handler, confirmed date), not the family's names,
 * e-mails and phones: those stay in the request, so erasing the family erases them (D139).
 */
const handling = (request: { status: string; note: string; handler: number | null }) => ({
  status: request.status,
  note: request.note,
  handler: request.handler,
});
export const auditVisit = auditTrail("visit-requests", (r: AdminVisitRequest) => ({
  ...handling(r),
  date: r.date,
  confirmed_at: r.confirmed_at,
  confirmed_start: r.confirmed_start,
  confirmed_end: r.confirmed_end,
}));
const auditContact = auditTrail("contact-requests", handling);

export type RequestsAdminDeps = { db: Db };

/** The requests inbox (D136, D137): visit and contact requests with status, note and handler. */
export function createRequestsAdmin({ db }: RequestsAdminDeps) {
  async function currentVisit(tx: Tx, id: number, version: string) {
    const row = foundOr404(await findVisitRequestForEdit(tx, id, true));
    const before = toAdminVisit(row);
    if (before.version !== version) throw new AppError("stale_version", 409);
    return before;
  }

  async function reloadVisit(tx: Tx, id: number) {
    return toAdminVisit((await findVisitRequestForEdit(tx, id)) as VisitRequestWithPage);
  }

  return {
    async listVisits(query: AdminListQuery) {
      const cut = listCut(query, VISIT_REQUEST_SORTS, "created_at");
      const filter = query.filter ?? {};
      const page = await listVisitRequestsForStaff(
        db,
        {
          kinds: filterValue.strings(filter, "kind", VISIT_REQUEST_KINDS),
          statuses: filterValue.strings(filter, "status", REQUEST_STATUSES),
          ids: filterValue.ids(filter, "id"),
          userId: filterValue.id(filter, "user"),
          handlerId: filterValue.id(filter, "handler"),
        },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toAdminVisit), total: page.total } };
    },

    async getVisit(id: number): Promise<AdminVisitRequest> {
      const row = foundOr404(await findVisitRequestForEdit(db, id));
      return toAdminVisit(row);
    },

    async updateVisit(staff: AuthUser, id: number, input: AdminRequestUpdate): Promise<AdminVisitRequest> {
      return db.transaction(async (tx) => {
        const before = await currentVisit(tx, id, input.version);
        await checkHandler(tx, input.handler, before.handler);
        await updateVisitRequestHandling(tx, id, {
          status: input.status,
          note: input.note,
          handlerId: input.handler,
        });
        const after = await reloadVisit(tx, id);
        await auditVisit(tx, staff, id, "update", before, after);
        return after;
      });
    },

    async listContacts(query: AdminListQuery) {
      const cut = listCut(query, CONTACT_REQUEST_SORTS, "created_at");
      const filter = query.filter ?? {};
      const page = await listContactRequestsForStaff(
        db,
        {
          kinds: filterValue.strings(filter, "kind", CONTACT_REQUEST_KINDS),
          statuses: filterValue.strings(filter, "status", REQUEST_STATUSES),
          ids: filterValue.ids(filter, "id"),
          handlerId: filterValue.id(filter, "handler"),
        },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toAdminContact), total: page.total } };
    },

    async getContact(id: number): Promise<AdminContactRequest> {
      const row = foundOr404(await findContactRequestForEdit(db, id));
      return toAdminContact(row);
    },

    async updateContact(
      staff: AuthUser,
      id: number,
      input: AdminRequestUpdate,
    ): Promise<AdminContactRequest> {
      return db.transaction(async (tx) => {
        const row = foundOr404(await findContactRequestForEdit(tx, id, true));
        const before = toAdminContact(row);
        if (before.version !== input.version) throw new AppError("stale_version", 409);
        await checkHandler(tx, input.handler, before.handler);
        await updateContactRequestHandling(tx, id, {
          status: input.status,
          note: input.note,
          handlerId: input.handler,
        });
        const after = toAdminContact((await findContactRequestForEdit(tx, id)) as ContactRequestRow);
        await auditContact(tx, staff, id, "update", before, after);
        return after;
      });
    },
  };
}
