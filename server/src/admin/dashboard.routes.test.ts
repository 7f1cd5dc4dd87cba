import { berlinDate, type Locale, todayInBerlin } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attendance } from "../checkin/index.ts";
import {
  auditLog,
  invoices,
  mailOutbox,
  orderItems,
  orders,
  paymentIssues,
  payments,
  scheduleSlots,
  users,
  visitRequests,
} from "../db/schema/index.ts";
import { accountingZip, findMonthDocuments } from "../invoices/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent, createStaff, pageBySlug } from "../test/shop-fixtures.ts";
import { createDashboard, DASHBOARD_REUSE_MS, nextDay } from "./dashboard.service.ts";
import { countingAttendance } from "./reuse-test-support.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

const tomorrow = () => nextDay(berlinDate(new Date()));
const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

async function paidForTomorrow(slot: number) {
  const slotId = t.weekly[slot]?.id ?? 0;
  await t.db
    .update(scheduleSlots)
    .set({ weekday: weekdayOf(tomorrow()) })
    .where(eq(scheduleSlots.id, slotId));
  const parent = await t.parentWithCourse(slot);
  const { id, order_id } = (await t.fulfil(parent.headers)).json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  return { slotId, orderId: order_id as number };
}

const dashboard = async () => {
  const res = await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the dashboard (D133)", () => {
  it("counts today's sales, tomorrow's lessons, offers filling up, open requests and payments needing a person", async () => {
    const before = await dashboard();
    const { slotId, orderId } = await paidForTomorrow(0);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!payment) throw new Error("no payment");
    const [slotRow] = await t.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, slotId));
    await t.db.insert(paymentIssues).values({
      paymentId: payment.id,
      reason: "seats_gone",
      state: "refund_failed",
      attempts: 5,
    });
    await t.db.insert(visitRequests).values({
      kind: "trial",
      productPageId: slotRow?.productPageId ?? 0,
      children: [{ first_name: "Mila", last_name: "Muster" }],
      adults: [],
    });
    const after = await dashboard();
    expect(after.today).toBe(berlinDate(new Date()));
    expect(after.sales_today_cents - before.sales_today_cents).toBe(payment.amountCents);
    expect(after.sales_month_cents - before.sales_month_cents).toBe(payment.amountCents);
    expect(after.paid_orders_today - before.paid_orders_today).toBe(1);
    const lesson = after.lessons_tomorrow.find((one: { slot: number }) => one.slot === slotId);
    expect(lesson).toMatchObject({ date: tomorrow() });
    expect(lesson.children).toBeGreaterThanOrEqual(1);
    expect(after.open_visit_requests - before.open_visit_requests).toBe(1);
    const [owner] = await t.db
      .select({ email: users.email, phone: users.phoneNumber })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId));
    // The order's parent, for staff to write or call from the dashboard (issue 29, D326).
    expect(owner?.email).toBeTruthy();
    expect(after.payment_issues).toContainEqual(
      expect.objectContaining({
        payment: payment.id,
        order: orderId,
        state: "refund_failed",
        attempts: 5,
        parent: expect.objectContaining({
          email: owner?.email,
          phone: owner?.phone === "+" ? null : owner?.phone,
        }),
      }),
    );
  });

  it("does not count an order as paid today through an earlier Stripe session that was paid and refunded (D205)", async () => {
    const before = await dashboard();
    // An order paid today whose earlier Stripe session had also been paid, then refunded in full.
    const { orderId } = await paidForTomorrow(1);
    const [kept] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!kept) throw new Error("no payment");
    const refundedSession = (orderId: number, session: string) => ({
      orderId,
      gateway: "stripe" as const,
      gatewayOrderId: session,
      status: "refunded" as const,
      amountCents: 9_900,
      refundedCents: 9_900,
      captureId: `pi_${session}`,
      capturedAt: new Date(),
    });
    await t.db.insert(payments).values(refundedSession(orderId, `cs_earlier_${orderId}`));
    // An order whose only session was paid and refunded today, and which waits for payment again.
    const [other] = await t.db
      .insert(orders)
      .values({ status: "awaiting_payment", totalCheckoutCents: 9_900 })
      .returning({ id: orders.id });
    if (!other) throw new Error("no order");
    await t.db.insert(payments).values(refundedSession(other.id, `cs_refunded_${other.id}`));

    const after = await dashboard();
    expect(after.paid_orders_today - before.paid_orders_today).toBe(1);
    expect(after.paid_orders_month - before.paid_orders_month).toBe(1);
    expect(after.sales_today_cents - before.sales_today_cents).toBe(kept.amountCents);
  });

  it("counts birthday-party and contact requests while new or in progress, and leaves them out once done (D178)", async () => {
    const party = await pageBySlug(t.db, "roboter-geburtstag");
    const parent = await createParent(t.db);
    const inTwentyDays = new Date(`${todayInBerlin()}T12:00:00Z`);
    inTwentyDays.setUTCDate(inTwentyDays.getUTCDate() + 20);
    const before = await dashboard();
    const asked = await t.call("POST", "/api/v2/party_requests/", {
      headers: parent.headers,
      body: {
        product_page: party.page.id,
        purchase_option: party.options[0]?.id,
        dates: [inTwentyDays.toISOString().slice(0, 10)],
        children_count: 6,
        ages: [7],
        comment: "",
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const callback = await t.call("POST", "/api/v2/contact_us/callback/", {
      body: { first_name: "Jana", last_name: "Wolf", email: "jana@example.org", phone: "+4930123456" },
    });
    expect(callback.statusCode, callback.body).toBe(201);
    const asNew = await dashboard();
    expect(asNew.open_party_requests - before.open_party_requests).toBe(1);
    expect(asNew.open_contact_requests - before.open_contact_requests).toBe(1);

    // Staff take the party request on: still open. Marked done: no longer counted.
    const save = async (status: string) => {
      const path = `/api/v2/admin/party-requests/${asked.json().id}/`;
      const { version } = (await t.call("GET", path, { headers: staff.headers })).json();
      const res = await t.call("PUT", path, {
        headers: staff.headers,
        body: { status, note: "", handler: staff.id, version },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await save("in_progress");
    expect((await dashboard()).open_party_requests - before.open_party_requests).toBe(1);
    await save("done");
    expect((await dashboard()).open_party_requests).toBe(before.open_party_requests);
  });

  it("shows an offer filling up from 80 % of its seats taken, not below", async () => {
    const { slotId } = await paidForTomorrow(1);
    const taken = async () =>
      (await dashboard()).filling_up.find((one: { slot: number }) => one.slot === slotId);
    const [row] = await t.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, slotId));
    const seatsTaken = (
      await t.call("GET", "/api/v2/admin/attendance/", {
        headers: staff.headers,
        query: { slot: String(slotId), date: tomorrow() },
      })
    ).json().lesson.seats_taken as number;
    expect(seatsTaken).toBeGreaterThanOrEqual(1);
    // Seats so that taken / seats is below 79 %, then all seats taken.
    await t.db
      .update(scheduleSlots)
      .set({ seats: Math.floor((seatsTaken * 100) / 79) + 1 })
      .where(eq(scheduleSlots.id, slotId));
    expect(await taken()).toBeUndefined();
    await t.db.update(scheduleSlots).set({ seats: seatsTaken }).where(eq(scheduleSlots.id, slotId));
    expect(await taken()).toMatchObject({ seats: seatsTaken, seats_taken: seatsTaken });
    await t.db
      .update(scheduleSlots)
      .set({ seats: row?.seats ?? 10 })
      .where(eq(scheduleSlots.id, slotId));
  });
});

describe("the dashboard reused while nothing committed (issue 36, D405)", () => {
  it("computes once for reads of the same snapshot, also side by side, and again after a commit or its time", async () => {
    let clock = Date.now();
    const { attendance, made } = countingAttendance();
    const board = createDashboard(t.db, { attendance, now: () => new Date(clock) });
    // Other databases on the same PostgreSQL server (the test files running beside this one) commit too and
    // move the snapshot, so a read may compute again for them: a reuse is proved by a read that does not
    // compute, which a few tries find unless reuse is broken.
    const readReused = async (locale: Locale) => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const before = made.count;
        const value = await board.read(locale);
        if (made.count === before) return value;
      }
      throw new Error("every read made.count the dashboard again");
    };
    const sideBySide = async () => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const [one, other] = await Promise.all([board.read("de"), board.read("de")]);
        if (one === other) return one;
      }
      throw new Error("two reads side by side never shared one computation");
    };
    // Two lesson lists (today and tomorrow) per computation.
    const first = await board.read("de");
    expect(made.count).toBe(2);
    expect((await readReused("de")).open_contact_requests).toBe(first.open_contact_requests);
    await sideBySide();
    const beforeRu = made.count;
    await board.read("ru");
    expect(made.count).toBe(beforeRu + 2);

    const callback = await t.call("POST", "/api/v2/contact_us/callback/", {
      body: { first_name: "Olga", last_name: "Lenz", email: "olga@example.org", phone: "+4930123457" },
    });
    expect(callback.statusCode, callback.body).toBe(201);
    const beforeCommitRead = made.count;
    const afterCommit = await board.read("de");
    expect(made.count).toBe(beforeCommitRead + 2);
    expect(afterCommit.open_contact_requests - first.open_contact_requests).toBe(1);

    const reused = await readReused("de");
    clock += DASHBOARD_REUSE_MS;
    const beforeTimeRead = made.count;
    expect(await board.read("de")).not.toBe(reused);
    expect(made.count).toBe(beforeTimeRead + 2);

    // A read while a computation runs gets that computation, though something committed meanwhile.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const computing = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slow = createDashboard(t.db, {
      attendance: {
        lessons: async () => {
          made.count += 1;
          started();
          await gate;
          return [];
        },
      } as unknown as Attendance,
    });
    const beforeSlow = made.count;
    const firstRead = slow.read("de");
    await computing;
    const another = await t.call("POST", "/api/v2/contact_us/callback/", {
      body: { first_name: "Ida", last_name: "Rau", email: "ida@example.org", phone: "+4930123458" },
    });
    expect(another.statusCode, another.body).toBe(201);
    const secondRead = slow.read("de");
    release();
    expect(await secondRead).toBe(await firstRead);
    expect(made.count).toBe(beforeSlow + 2);
    // Once it is done, the commit counts.
    expect((await slow.read("de")).open_contact_requests).toBe(afterCommit.open_contact_requests + 1);
  });
});

describe("the accounting export (D134)", () => {
  it("lists the month's invoices and credit notes as CSV, credit notes negative, and audits the export", async () => {
    const { orderId } = await paidForTomorrow(2);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    if (!invoice) throw new Error("no invoice");
    const creditNumber = `GS-T-${orderId}`;
    await t.db.insert(invoices).values({
      orderId,
      kind: "credit_note",
      number: creditNumber,
      totalCents: 1000,
      data: {
        ...invoice.data,
        corrects: invoice.number,
        lines: invoice.data.lines.map((line) => ({ ...line, totalCents: 1000 })),
      },
    });
    const month = berlinDate(invoice.issuedAt).slice(0, 7);
    const res = await t.call("GET", `/api/v2/admin/accounting/${month}/documents.csv`, {
      headers: staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toContain(`belege-${month}.csv`);
    const lines = res.rawPayload
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe(
      "Belegnummer;Belegart;Datum;Bestellung;Kunde;E-Mail;Netto EUR;USt 19 % EUR;USt-Hinweis;Brutto EUR;Korrigiert Rechnung;Zahlungsreferenz;davon steuerfrei EUR;davon Gutscheinverkauf EUR;davon mit Gutschein bezahlt EUR",
    );
    const euros = (cents: number) =>
      `${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;
    const invoiceRow = lines.find((line) => line.startsWith(`${invoice.number};`))?.split(";");
    expect(invoiceRow?.[1]).toBe("Rechnung");
    expect(invoiceRow?.[3]).toBe(String(orderId));
    expect(invoiceRow?.[9]).toBe(euros(invoice.totalCents));
    // A course is VAT-exempt (§ 4 Nr. 21 UStG): net equals gross, no VAT, the note says why.
    expect(invoiceRow?.[6]).toBe(euros(invoice.totalCents));
    expect(invoiceRow?.[7]).toBe("0,00");
    expect(invoiceRow?.[8]).not.toBe("");
    expect(invoiceRow?.[11]).toBe(invoice.data.paymentReference ?? "");
    // All of it exempt, none of it a gift card's sale (D535).
    expect(invoiceRow?.[12]).toBe(euros(invoice.totalCents));
    expect(invoiceRow?.[13]).toBe("0,00");
    const creditRow = lines.find((line) => line.startsWith(`${creditNumber};`))?.split(";");
    expect(creditRow).toMatchObject({ 1: "Gutschrift", 9: "-10,00", 10: invoice.number, 12: "-10,00" });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "accounting"), eq(auditLog.action, "export")));
    expect(entry).toMatchObject({ userId: staff.id, recordId: Number(month.replace("-", "")) });
    expect((entry?.after as { documents: string[] } | undefined)?.documents).toEqual(
      expect.arrayContaining([invoice.number, creditNumber]),
    );
  });

  it("puts the month's PDFs and the CSV in one ZIP; another month is empty; a wrong month is a 400", async () => {
    const [item] = await t.db.select().from(orderItems).limit(1);
    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, item?.orderId ?? 0));
    const month = berlinDate(invoice?.issuedAt ?? new Date()).slice(0, 7);
    const res = await t.call("GET", `/api/v2/admin/accounting/${month}/documents.zip`, {
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const zip = res.rawPayload;
    const names: string[] = [];
    for (let at = zip.indexOf("PK\u0001\u0002"); at >= 0; at = zip.indexOf("PK\u0001\u0002", at + 4))
      names.push(zip.subarray(at + 46, at + 46 + zip.readUInt16LE(at + 28)).toString("utf8"));
    expect(names).toContain(`${invoice?.number}.pdf`);
    expect(names).toContain(`belege-${month}.csv`);
    const pdfAt = zip.indexOf(`${invoice?.number}.pdf`) + `${invoice?.number}.pdf`.length;
    expect(zip.subarray(pdfAt, pdfAt + 5).toString("latin1")).toBe("%PDF-");
    const empty = await t.call("GET", "/api/v2/admin/accounting/2001-01/documents.csv", {
      headers: staff.headers,
    });
    expect(empty.rawPayload.toString("utf8").split("\r\n").filter(Boolean)).toHaveLength(1);
    const wrong = await t.call("GET", "/api/v2/admin/accounting/2026-13/documents.csv", {
      headers: staff.headers,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_codes).toEqual({ month: ["invalid_date"] });
  });

  it("a document that cannot be drawn leaves a whole ZIP naming it, in German and Russian (D397)", async () => {
    const [item] = await t.db.select().from(orderItems).limit(1);
    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, item?.orderId ?? 0));
    if (!invoice) throw new Error("no invoice");
    const month = berlinDate(invoice.issuedAt).slice(0, 7);
    // A document in a language the PDF has no texts for (an issued one cannot be changed, GoBD: the
    // month's rows are changed in memory): drawing it throws after the archive has begun.
    const rows = (await findMonthDocuments(t.db, month)).map((row) =>
      row.id === invoice.id ? { ...row, data: { ...row.data, locale: "xx" as never } } : row,
    );
    const failed: string[] = [];
    const chunks: Buffer[] = [];
    const seller = invoice.data.seller;
    if (!seller) throw new Error("the invoice keeps no seller");
    for await (const chunk of accountingZip(rows, seller, month, (number) => failed.push(number)))
      chunks.push(chunk as Buffer);
    expect(failed).toEqual([invoice.number]);
    const zip = Buffer.concat(chunks);
    const names: string[] = [];
    // A whole archive: its end record counts every file of the directory.
    const end = zip.lastIndexOf("PK\u0005\u0006");
    expect(end).toBe(zip.length - 22);
    for (let at = zip.indexOf("PK\u0001\u0002"); at >= 0; at = zip.indexOf("PK\u0001\u0002", at + 4))
      names.push(zip.subarray(at + 46, at + 46 + zip.readUInt16LE(at + 28)).toString("utf8"));
    expect(names).not.toContain(`${invoice.number}.pdf`);
    expect(names).toEqual(expect.arrayContaining([`belege-${month}.csv`, "FEHLENDE-BELEGE.txt"]));
    expect(zip.readUInt16LE(end + 10)).toBe(names.length);
    const note = zip.subarray(zip.indexOf("FEHLENDE-BELEGE.txt") + 19).toString("utf8");
    expect(note).toContain(`- ${invoice.number}`);
    expect(note).toContain("konnten nicht als PDF erstellt werden");
    expect(note).toContain("не удалось создать в PDF");
  });
});

describe("mails the outbox gave up on (D534)", () => {
  it("are shown to staff, sent again with one click (audited), and leave the list", async () => {
    const [mail] = await t.db
      .insert(mailOutbox)
      .values({
        to: "familie@example.org",
        subject: "Passwort zurücksetzen",
        html: "<p>…</p>",
        text: "…",
        template: "password-reset",
        locale: "de",
        status: "failed",
        attempts: 8,
        lastError: "connect ECONNREFUSED 127.0.0.1:25",
      })
      .returning();
    if (!mail) throw new Error("no mail");
    const shown = (await dashboard()).failed_mails;
    expect(shown[0]).toMatchObject({
      id: mail.id,
      to: "familie@example.org",
      subject: "Passwort zurücksetzen",
      attempts: 8,
      last_error: "connect ECONNREFUSED 127.0.0.1:25",
    });

    const resend = (headers: Record<string, string>) =>
      t.call("POST", `/api/v2/admin/mails/${mail.id}/resend/`, { headers });
    const parent = await createParent(t.db);
    expect((await resend(parent.headers)).statusCode).toBe(403);
    const sent = await resend(staff.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ mail: mail.id });
    const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(after).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "failed_mails"), eq(auditLog.recordId, mail.id)));
    expect(audited).toMatchObject([{ userId: staff.id, action: "update" }]);
    expect((await dashboard()).failed_mails.map((m: { id: number }) => m.id)).not.toContain(mail.id);
    // A second click (or another staff member's) finds nothing given up: 404, no second audit entry.
    expect((await resend(staff.headers)).statusCode).toBe(404);
  });
});
