import type pg from "pg";
import { Rows } from "./bulk.ts";
import type { History } from "./orders.ts";
import { addDays, DAY, isoDay } from "./time.ts";

const MAIL_TEMPLATES = [
  "lesson-reminder",
  "waiting-list-offer",
  "waiting-list-joined",
  "visit-request-confirmation",
  "password-reset",
  "verify-email",
  "refund-notice",
  "gift-card",
  "contract-cancellation",
];
const AUDITED = [
  "order_items",
  "people",
  "checkins",
  "attendance",
  "visit-requests",
  "gift-cards",
  "staff-orders",
];

/** Mails beyond the order confirmations, up to `total`, spread over the decade. */
export async function addMails(h: History, total: number) {
  const missing = total - h.t.mails.written;
  for (let i = 0; i < missing; i++) {
    const family = h.rng.pick(h.families);
    const at = new Date(
      Math.max(family.joined, h.decade.start + h.rng.next() * (h.decade.end - h.decade.start)),
    );
    const template = h.rng.pick(MAIL_TEMPLATES);
    await h.t.mails.add(
      family.email,
      template,
      `<p>${template}</p>`,
      template,
      template,
      family.locale,
      [],
      "sent",
      1,
      at,
      at,
      at,
    );
  }
}

/** Staff writes of the decade (D98): who changed which record, before and after; and the monthly exports. */
export async function addAudit(
  h: History,
  total: number,
  maxIds: { order: number; item: number; user: number },
) {
  const { rng } = h;
  const span = h.decade.end - h.decade.start;
  for (let i = 0; i < total; i++) {
    const at = new Date(h.decade.start + (span * i) / total + rng.int(0, 3_600_000));
    const staff = rng.pick(h.staff);
    const resource = rng.pick(AUDITED);
    if (resource === "people") {
      const id = rng.int(maxIds.user.valueOf() - h.families.length, maxIds.user - 1);
      await h.t.audit.add(
        at,
        staff.id,
        staff.email,
        resource,
        id,
        "update",
        { city: "" },
        { city: "Berlin" },
      );
    } else if (resource === "staff-orders") {
      await h.t.audit.add(at, staff.id, staff.email, resource, rng.int(1, maxIds.order - 1), "create", null, {
        status: "paid",
      });
    } else {
      const id = rng.int(1, maxIds.item - 1);
      await h.t.audit.add(
        at,
        staff.id,
        staff.email,
        resource,
        id,
        "update",
        { status: "active" },
        { note: "" },
      );
    }
  }
  for (let day = h.decade.firstDay.slice(0, 7); `${day}-01` < h.decade.lastDay; ) {
    const staff = h.staff[0];
    if (!staff) break;
    const at = new Date(`${addDays(`${day}-01`, 40).slice(0, 7)}-02T08:00:00Z`);
    await h.t.audit.add(at, staff.id, staff.email, "invoices", 0, "export", null, { month: day });
    day = addDays(`${day}-01`, 32).slice(0, 7);
  }
}

/** Trial, out-of-hours and waiting requests of the families (the back office's requests list). */
export async function addRequests(client: pg.ClientBase, h: History, count: number) {
  const rows = new Rows(
    "visit_requests",
    {
      kind: "visit_request_kind",
      product_page_id: "int4",
      user_id: "int4",
      children: "jsonb",
      adults: "jsonb",
      date: "date",
      status: "text",
      locale: "locale",
      handler_id: "int4",
      created_at: "timestamptz",
      updated_at: "timestamptz",
    },
    client,
  );
  const courses = h.catalogue.byType.get("Course") ?? [];
  for (let i = 0; i < count; i++) {
    const family = h.rng.pick(h.families);
    const at = Math.max(family.joined - 14 * DAY, h.decade.start) + h.rng.int(0, 20) * DAY;
    const recent = at > h.decade.end - 30 * DAY;
    const child = family.children[0];
    await rows.add(
      h.rng.pick(["trial", "trial", "out", "waiting"]),
      h.rng.pick(courses),
      family.id,
      [{ first_name: child?.firstName ?? "", last_name: family.lastName, birth_date: null }],
      [
        {
          first_name: family.firstName,
          last_name: family.lastName,
          email: family.email,
          phone: "",
          relation: "",
        },
      ],
      addDays(isoDay(at), 7),
      recent ? h.rng.pick(["new", "in_progress"]) : "done",
      family.locale,
      recent ? null : h.rng.pick(h.staff).id,
      new Date(Math.min(at, h.decade.end)),
      new Date(Math.min(at + 3 * DAY, h.decade.end)),
    );
  }
  await rows.flush();
}

/** Waiting-list entries for full units: most long answered (booked, passed, left), a few still waiting. */
export async function addWaitingList(client: pg.ClientBase, h: History, count: number) {
  const rows = new Rows(
    "waiting_list_entries",
    {
      user_id: "int4",
      visitor_id: "int4",
      product_page_id: "int4",
      purchase_option_id: "int4",
      academy_week_id: "int4",
      status: "waiting_entry_status",
      locale: "locale",
      created_at: "timestamptz",
      updated_at: "timestamptz",
    },
    client,
  );
  const weeks = [...h.catalogue.weeks.entries()].flatMap(([pageId, units]) =>
    units.map((u) => ({ pageId, u })),
  );
  const open = new Set<string>();
  for (let i = 0; i < count && weeks.length > 0; i++) {
    const { pageId, u } = h.rng.pick(weeks);
    const family = h.rng.pick(h.families);
    const child = h.rng.pick(family.children);
    const option = h.catalogue.option.get(pageId);
    if (!option) continue;
    const at = Math.max(h.decade.start, Date.parse(`${u.day}T08:00:00Z`) - h.rng.int(10, 90) * DAY);
    const future = u.day > h.decade.lastDay;
    let status = future ? "waiting" : h.rng.pick(["booked", "passed", "left", "passed"]);
    if (status === "waiting" && open.has(`${child.id}-${u.id}`)) status = "left";
    open.add(`${child.id}-${u.id}`);
    const when = new Date(Math.min(at, h.decade.end));
    await rows.add(family.id, child.id, pageId, option.id, u.id, status, family.locale, when, when);
  }
  await rows.flush();
}
