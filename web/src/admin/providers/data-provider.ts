import {
  ADMIN_PAGE_MAX,
  type AdminRefundSettleInput,
  type AdminWaitingOfferCheck,
  type ReminderKind,
} from "@atelier/contract";
import { type DataProvider, HttpError } from "react-admin";
import { currentAdminLocale, noAnswerText } from "../i18n/i18n-provider.ts";

export const ADMIN_API = "/api/v2/admin";
/** The back office's own token, apart from a parent session in the shop on the same browser (D102). */
export const ADMIN_TOKEN_KEY = "atelier-admin-token";

/** A request's form sends status, note and handler only (D136). */
const REQUEST_READ_ONLY = [
  ...["id", "kind", "product_page", "product_name", "user", "children", "adults", "date", "confirmed_at"],
  ...["locale", "created_at", "version", "first_name", "last_name", "email", "phone", "comment"],
  ...[
    "message",
    "position",
    "appointment_date",
    "requested_slot",
    "confirmed_start",
    "confirmed_end",
    "house",
  ],
];

/**
 * Fields a reply carries that no form sends back: the server refuses unknown fields (D97). A field a reply
 * gains must be named here too, or the form cannot be saved any more (D489: the houses and the requests
 * were); `data-provider-fields.test.ts` holds each list against the contract's reply and update schemas.
 */
export const READ_ONLY: Record<string, readonly string[]> = {
  products: ["id", "updated_at", "version"],
  slots: ["id", "seats_taken", "archived_at", "version"],
  closures: ["id", "version"],
  "school-settings": ["id", "saved_at", "version"],
  "content-pages": ["id", "updated_at", "version"],
  redirects: ["id", "external", "updated_at", "version"],
  promocodes: ["id", "created_at", "uses", "version"],
  ...Object.fromEntries(["visit-requests", "contact-requests"].map((r) => [r, REQUEST_READ_ONLY])),
  instructors: ["id", "label", "pages", "version"],
  categories: ["id", "label", "pages", "version"],
  locations: ["id", "label", "pages", "closures", "version"],
  "purchase-options": ["id", "bookings", "version"],
  "academy-seasons": ["id", "label", "weeks", "version"],
  "academy-weeks": ["id", "seats_taken", "version"],
  "party-requests": [
    ...["id", "product_page", "product_name", "purchase_option", "option_name", "dates", "children_count"],
    ...["ages", "comment", "confirmed_date", "state", "order", "created_at", "user", "parent_name"],
    ...["parent_email", "locale", "days_taken", "version"],
  ],
};

/** Fields a record is created with and that stay fixed afterwards: sent on create, never on save. */
export const CREATE_ONLY: Record<string, readonly string[]> = {
  slots: ["product_page"],
  "purchase-options": ["product_page", "schedule_type", "is_recurring"],
  "academy-weeks": ["product_page"],
};

type Query = Record<string, string>;

/**
 * Lists of lessons over a season (issue 35) that live under another path and take their filter as plain
 * query parameters, without range or sort: the whole list comes back, so its length is its total.
 */
const PLAIN_LISTS: Record<string, string> = {
  "lesson-cancellations": "lessons/cancellations/",
  "lesson-credits": "lessons/credits/",
};

/** Where a resource is created when its path differs from its name. */
const CREATE_PATHS: Record<string, string> = { "lesson-cancellations": "lessons/cancellations/" };

function plainQuery(filter: unknown): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries((filter ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null && value !== "") query[key] = String(value);
  return query;
}

/** The reminder kinds staff turned off (D370): one setting, read and written whole. */
type ReminderSwitches = { reminders_off: ReminderKind[] };

export async function adminFetch(
  method: string,
  path: string,
  { query = {}, body }: { query?: Query; body?: unknown } = {},
): Promise<{ json: unknown; headers: Headers }> {
  const url = new URL(`${ADMIN_API}/${path}`, window.location.origin);
  for (const [key, value] of Object.entries({ ...query, locale: currentAdminLocale() }))
    url.searchParams.set(key, value);
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  const response = await fetch(url, {
    method,
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Token ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toHttpError(response.status, json);
  return { json, headers: response.headers };
}

/**
 * Uploads an image file as its raw bytes (D146): the server reads what it is from the bytes. Resolves to
 * the stored image, or rejects with the server's message for the field (wrong type, over 5 MB).
 */
export async function uploadImage(file: Blob): Promise<{ src: string; width: number; height: number }> {
  const url = new URL(`${ADMIN_API}/images/`, window.location.origin);
  url.searchParams.set("locale", currentAdminLocale());
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  const response = await fetch(url, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/octet-stream",
      ...(token ? { Authorization: `Token ${token}` } : {}),
    },
    body: file,
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toHttpError(response.status, json);
  return json as { src: string; width: number; height: number };
}

/**
 * A DRF error body as react-admin reads it: field messages under `body.errors` in the form's shape
 * (`"name.de"` becomes `{name: {de}}`), so each shows at its field; the first message, or `detail`, is the
 * notification, in the language the server answered in.
 */
export function toHttpError(status: number, json: unknown): HttpError {
  const body = (json && typeof json === "object" ? json : {}) as Record<string, unknown>;
  const errors: Record<string, unknown> = {};
  let first: string | undefined;
  for (const [field, value] of Object.entries(body)) {
    if (field === "error_codes" || field === "detail" || !Array.isArray(value)) continue;
    const message = String(value[0] ?? "");
    first ??= message;
    if (field === "non_field_errors") continue;
    const path = field.split(".");
    let target = errors;
    for (const key of path.slice(0, -1)) {
      target[key] ??= {};
      target = target[key] as Record<string, unknown>;
    }
    target[path[path.length - 1] ?? field] = message;
  }
  const detail = typeof body.detail === "string" ? body.detail : undefined;
  return new HttpError(detail ?? first ?? noAnswerText(), status, { ...body, errors });
}

function writable(resource: string, data: Record<string, unknown>, saving = false) {
  const copy = { ...data };
  for (const key of READ_ONLY[resource] ?? []) delete copy[key];
  if (saving) for (const key of CREATE_ONLY[resource] ?? []) delete copy[key];
  return copy;
}

function totalOf(headers: Headers): number {
  const total = headers.get("content-range")?.split("/").pop();
  return total ? Number(total) : 0;
}

/**
 * A list's page with its total, or, when the server answers the total as `*` (a search past its counting
 * limit, D407), with whether there are pages before and after: react-admin then shows "1-25 of more than
 * 25" and the next page while pages come back full.
 */
function pageOf(
  json: unknown,
  headers: Headers,
  pagination: { page: number; perPage: number } | undefined,
):
  | { data: never[]; total: number }
  | { data: never[]; pageInfo: { hasPreviousPage: boolean; hasNextPage: boolean } } {
  const data = json as never[];
  if (headers.get("content-range")?.split("/").pop() !== "*") return { data, total: totalOf(headers) };
  const { page = 1, perPage = 25 } = pagination ?? {};
  return { data, pageInfo: { hasPreviousPage: page > 1, hasNextPage: data.length >= perPage } };
}

const listQuery = (
  sort: { field: string; order: string } | undefined,
  pagination: { page: number; perPage: number } | undefined,
  filter: unknown,
): Query => {
  const { page = 1, perPage = 25 } = pagination ?? {};
  return {
    ...(sort ? { sort: JSON.stringify([sort.field, sort.order]) } : {}),
    range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
    filter: JSON.stringify(filter ?? {}),
  };
};

type Id = number | string;

type Page = { page: number; perPage: number } | undefined;

/**
 * A list's page, asked of the server in pieces of at most `ADMIN_PAGE_MAX` rows when it asks for more: the
 * server gives no more at once, and react-admin's "Exportieren" asks for 1,000 (D531). Stops at a short piece.
 */
async function listPage(
  path: string,
  sort: { field: string; order: string } | undefined,
  pagination: Page,
  filter: unknown,
) {
  const { page = 1, perPage = 25 } = pagination ?? {};
  const query = listQuery(sort, pagination, filter);
  if (perPage <= ADMIN_PAGE_MAX) {
    const { json, headers } = await adminFetch("GET", path, { query });
    return pageOf(json, headers, pagination);
  }
  const rows: unknown[] = [];
  let last: Headers = new Headers();
  for (let from = (page - 1) * perPage; from < page * perPage; from += ADMIN_PAGE_MAX) {
    const to = Math.min(page * perPage, from + ADMIN_PAGE_MAX) - 1;
    const { json, headers } = await adminFetch("GET", path, {
      query: { ...query, range: JSON.stringify([from, to]) },
    });
    const piece = json as unknown[];
    rows.push(...piece);
    last = headers;
    if (piece.length < to - from + 1) break;
  }
  return pageOf(rows, last, pagination);
}

const post = async (path: string, body?: unknown) =>
  (await adminFetch("POST", path, body === undefined ? {} : { body })).json;

/**
 * Staff actions beyond create, read, update and delete (issue 33, D403): each a named method of the data
 * provider, called through react-admin's `useDataProvider` (so a lapsed sign-in signs out as on every list),
 * never by a screen's own fetch. Each resolves to the server's reply and rejects with its message.
 */
const staffActions = {
  /** A child marked present or absent on a lesson's roster. */
  markAttendance: async (mark: {
    slot: number;
    date: string;
    order_item: number;
    attendance: "present" | "absent";
  }) => (await adminFetch("PUT", "attendance/", { body: mark })).json as { checked_in_at: string | null },
  cancelUnpaidOrder: (order: Id) => post(`orders/${order}/cancel/`),
  resendOrderMail: (order: Id, what: "resend-confirmation" | "resend-payment-link") =>
    post(`orders/${order}/${what}/`),
  refundOrderItem: (
    order: Id,
    refund: {
      request_id: string;
      item: number;
      amount_cents: number | null;
      cancel_item: boolean;
      reason: string;
    },
  ) => post(`orders/${order}/refunds/`, refund),
  /** A failed refund tried again, or noted as refunded by hand (D565); answers the order. */
  settleOrderRefund: (order: Id, settle: AdminRefundSettleInput) =>
    post(`orders/${order}/refunds/settle/`, settle),
  /** A lost dispute or reversal of the order's payment decided on by staff, with a note for the audit log. */
  markDisputeHandled: (order: Id, decided: { dispute: number; note: string }) =>
    post(`orders/${order}/disputes/handled/`, decided),
  moveOrderItem: (order: Id, move: { item: number; kind: "slot" | "week"; from: number; to: number }) =>
    post(`orders/${order}/move/`, move),
  /** Whether offering the entry a seat needs one added first (D310): asked before offering. */
  checkWaitingOffer: async (entry: Id) =>
    (await adminFetch("GET", `waiting-list/${entry}/offer/`)).json as AdminWaitingOfferCheck,
  offerWaitingSeat: (entry: Id, addSeat = false) =>
    post(`waiting-list/${entry}/offer/`, addSeat ? { add_seat: true } : undefined),
  removeWaitingEntry: (entry: Id, notifyParent: boolean) =>
    post(`waiting-list/${entry}/remove/`, { notify: notifyParent }),
  confirmVisitDate: (request: Id, confirmation: Record<string, unknown>) =>
    post(`visit-requests/${request}/confirm/`, confirmation),
  getVisitMessages: async (request: Id) =>
    (await adminFetch("GET", `visit-requests/${request}/messages/`)).json,
  sendVisitMessage: (request: Id, message: { subject: string; text: string }) =>
    post(`visit-requests/${request}/messages/`, message),
  answerPartyRequest: (request: Id, answer: "confirm" | "decline", body: Record<string, unknown>) =>
    post(`party-requests/${request}/${answer}/`, body),
  setInstructorReportStatus: async (report: Id, status: string) =>
    (await adminFetch("PUT", `instructor-reports/${report}/`, { body: { status } })).json,
  mailGiftCard: (card: Id, mail: { to: string; locale: string; recipient_name: string; message: string }) =>
    post(`gift-cards/${card}/mail/`, mail),
  setPersonRole: async (person: Id, role: { role: string; instructor?: unknown }) =>
    (await adminFetch("PUT", `people/${person}/role/`, { body: role })).json,
  correctPerson: async (person: Id, values: Record<string, string>) =>
    (await adminFetch("PATCH", `people/${person}/`, { body: values })).json,
  /** The link that moves a family's account to a new address (D577). */
  sendEmailChangeLink: (person: Id, email: string) => post(`people/${person}/email/`, { email }),
  correctChild: async (person: Id, child: Id, values: Record<string, string>) =>
    (await adminFetch("PATCH", `people/${person}/children/${child}/`, { body: values })).json,
  erasePerson: (person: Id, confirmEmail: string) =>
    post(`people/${person}/erase/`, { confirm_email: confirmEmail }),
  changeOwnPassword: (values: { old_password: string; new_password1: string; new_password2: string }) =>
    post("me/password/", values),
};

/** react-admin's data provider over `/api/v2/admin/*`: the simple REST convention (D97). */
export const dataProvider = {
  async getList(resource, { sort, pagination, filter }) {
    const plain = PLAIN_LISTS[resource];
    if (plain) {
      const list = (await adminFetch("GET", plain, { query: plainQuery(filter) })).json as never[];
      return { data: list, total: list.length };
    }
    return listPage(`${resource}/`, sort, pagination, filter);
  },
  async getOne(resource, { id }) {
    return { data: (await adminFetch("GET", `${resource}/${id}/`)).json as never };
  },
  async getMany(resource, { ids }) {
    const { json } = await adminFetch("GET", `${resource}/`, {
      query: { filter: JSON.stringify({ id: ids }), range: JSON.stringify([0, Math.max(ids.length, 1) - 1]) },
    });
    return { data: json as never[] };
  },
  async getManyReference(resource, { target, id, sort, pagination, filter }) {
    return listPage(`${resource}/`, sort, pagination, { ...filter, [target]: id });
  },
  async create(resource, { data }) {
    const path = CREATE_PATHS[resource] ?? `${resource}/`;
    return { data: (await adminFetch("POST", path, { body: writable(resource, data) })).json as never };
  },
  /** Saves with the version the record was read with: a stale save is a 409 and the form keeps its values. */
  async update(resource, { id, data, previousData }) {
    const body = { ...writable(resource, data, true), version: previousData.version };
    return { data: (await adminFetch("PUT", `${resource}/${id}/`, { body })).json as never };
  },
  async updateMany(resource, { ids, data }) {
    for (const id of ids) await dataProvider.update(resource, { id, data, previousData: { id } });
    return { data: ids };
  },
  async delete(resource, { id }) {
    return { data: (await adminFetch("DELETE", `${resource}/${id}/`)).json as never };
  },
  async deleteMany(resource, { ids }) {
    for (const id of ids) await adminFetch("DELETE", `${resource}/${id}/`);
    return { data: ids };
  },
  /** The reminder kinds turned off (issue 35, D370): a custom method, called through `useDataProvider`. */
  async getReminderSwitches(): Promise<ReminderSwitches> {
    return (await adminFetch("GET", "lessons/reminders/")).json as ReminderSwitches;
  },
  async setReminderSwitches(off: ReminderKind[]): Promise<ReminderSwitches> {
    return (await adminFetch("PUT", "lessons/reminders/", { body: { reminders_off: off } }))
      .json as ReminderSwitches;
  },
  ...staffActions,
} satisfies DataProvider;

export type AdminDataProvider = typeof dataProvider;
