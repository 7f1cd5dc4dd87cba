import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, orderItems, users, visitors } from "../db/schema/index.ts";
import { sellerFromEnv } from "../invoices/index.ts";
import { createMailWorker, createTransport } from "../mail/index.ts";
import { createAttachmentRenderer } from "../mailer/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createChild, createParent, createStaff, lessonDayIn } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * Issue 30 item 1, D207: after a family is erased, nothing in the database or under DATA_DIR names it but
 * the invoices and credit notes the law keeps. The test plants unique markers through the shop's own
 * routes (sign-up data, a child, a callback request, a trial request, a paid booking, their mails, sent
 * as .eml files), erases, then reads every table's every row as text and every file under DATA_DIR.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let admin: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  // A day the course meets (D297): a trial is asked for on one of its lessons.
  trialDay = await lessonDayIn(t.db, t.course, 3);
  admin = await createStaff(t.db, "admin");
}, 60_000);
afterAll(() => t?.close());

let trialDay: string;

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]),
    ),
  );
  return nested.flat();
}

/** A file's text as a reader of it finds it: quoted-printable soft breaks and escapes undone. */
async function readableText(file: string): Promise<string> {
  const raw = (await readFile(file)).toString("latin1");
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  );
  // Base64 parts (attachments, long non-ASCII bodies) decoded as well.
  const base64 = [...joined.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((match) => Buffer.from((match[1] ?? "").replace(/\s/g, ""), "base64").toString("utf8"))
    .join("\n");
  return `${bytes.toString("utf8")}\n${raw}\n${base64}`;
}

/** Each public table's rows as text, by table (`row::text`, so every column of every row). */
async function tablesAsText(): Promise<Map<string, string>> {
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  expect(tables.length).toBeGreaterThan(30);
  const out = new Map<string, string>();
  for (const { name } of tables) {
    const rows = await rowsOf<{ row: string }>(sql`select t::text as row from ${sql.identifier(name)} t`);
    out.set(name, rows.map((entry) => entry.row).join("\n"));
  }
  return out;
}

describe(`erasure leaves no trace but the invoices (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("finds the family's names, e-mail, phone and request text only in invoices and credit notes, in every table and every file under DATA_DIR", async () => {
    const markers = {
      parentFirst: "Zephyrinetta",
      parentLast: "Quakenbushova",
      child: "Bartholomeus",
      email: `quakenbush-${Date.now()}@example.org`,
      phone: "+4915199887766",
      // The same number as the school's mails show it (D657).
      phoneShown: "+49 151 99887766",
      text: "Rueckruf-Markierung-7319 bitte nachmittags",
      // Words the family or staff wrote about them beyond the requests (D541).
      phoneNote: "Telefon-Notiz-5582 Nussallergie",
      refundReason: "Erstattung-Markierung-6613 Krankheit",
      cancelReason: "Kuendigung-Markierung-4471 Umzug",
    };
    const parent = await createParent(t.db);
    await t.db
      .update(users)
      .set({
        email: markers.email,
        firstName: markers.parentFirst,
        lastName: markers.parentLast,
        phoneNumber: markers.phone,
      })
      .where(eq(users.id, parent.id));
    const child = await createChild(t.db, parent.id, 11, markers.child);
    await t.db.update(visitors).set({ lastName: markers.parentLast }).where(eq(visitors.id, child));

    // A callback request and a trial request as the family sends them: staff copies and confirmations.
    const callback = await t.app.inject({
      method: "POST",
      url: "/api/v2/contact_us/callback/?locale=de",
      remoteAddress: "198.51.100.71",
      payload: {
        first_name: markers.parentFirst,
        last_name: markers.parentLast,
        email: markers.email,
        phone: markers.phone,
        comment: markers.text,
      },
    });
    expect(callback.statusCode, callback.body).toBe(201);
    const trial = await t.app.inject({
      method: "POST",
      url: "/api/v2/orders/visit_request/?locale=de",
      remoteAddress: "198.51.100.72",
      headers: parent.headers,
      payload: {
        product_page: t.course.page.id,
        children: [{ first_name: markers.child, last_name: markers.parentLast, birth_date: "2019-05-02" }],
        adults: [
          {
            first_name: markers.parentFirst,
            last_name: markers.parentLast,
            email: markers.email,
            phone: markers.phone,
            relation: "Mutter",
          },
        ],
        date: trialDay,
      },
    });
    expect(trial.statusCode, trial.body).toBe(201);

    // A paid booking: its invoice (kept), the order confirmation and the school's "Neue Buchung bezahlt".
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: t.workshop.page.id,
        purchase_option: t.workshop.option("Ticket").id,
        visitor: child,
        schedule_slots: [t.dated[0]?.id],
        comment: markers.text,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const fulfilled = await t.fulfil(parent.headers);
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    t.standIn.approve(fulfilled.json().id);
    expect((await t.capture(parent.headers, fulfilled.json().id)).statusCode).toBe(200);

    // Staff booked by phone with a note, then cancelled it (an unpaid order would keep the family).
    const booked = await t.call("POST", "/api/v2/admin/staff-orders/", {
      headers: admin.headers,
      body: {
        request_id: crypto.randomUUID(),
        parent: parent.id,
        hold_minutes: 60,
        items: [
          {
            product_page: t.workshop.page.id,
            purchase_option: t.workshop.option("Ticket").id,
            visitor: child,
            schedule_slots: [t.dated[1]?.id],
            comment: markers.phoneNote,
          },
        ],
      },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const cancelled = await t.call("POST", `/api/v2/admin/orders/${booked.json().id}/cancel/`, {
      headers: admin.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Staff refunded part of the paid booking, and the parent sent a cancellation with a reason.
    const paidOrder = fulfilled.json().order_id as number;
    const [paidItem] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, paidOrder));
    const refunded = await t.call("POST", `/api/v2/admin/orders/${paidOrder}/refunds/`, {
      headers: admin.headers,
      body: {
        request_id: crypto.randomUUID(),
        item: paidItem?.id,
        amount_cents: 100,
        cancel_item: false,
        reason: markers.refundReason,
      },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const declared = await t.call("POST", "/api/v2/contracts/cancel/", {
      body: {
        name: `${markers.parentFirst} ${markers.parentLast}`,
        email: markers.email,
        contract: "ABCD-EFGH-JKMN",
        kind: "ordinary",
        reason: markers.cancelReason,
        end: "next_possible",
      },
    });
    expect(declared.statusCode, declared.body).toBe(201);

    // Every mail sent as the offline shop sends it: .eml files under DATA_DIR/outbox.
    const worker = createMailWorker({
      db: t.db,
      transport: createTransport({
        SMTP_URL: undefined,
        MAIL_FROM: t.env.MAIL_FROM,
        DATA_DIR: t.env.DATA_DIR,
      }),
      logger: { info: () => {}, warn: () => {}, error: () => {} },
      intervalMs: 3_600_000,
      renderAttachments: createAttachmentRenderer({
        db: t.db,
        seller: sellerFromEnv(t.env),
        publicUrl: t.env.PUBLIC_URL,
      }),
    });
    while ((await worker.drainOnce()).sent > 0);
    const mails = await t.db.select().from(mailOutbox);
    const aboutFamily = mails.filter((mail) => `${mail.to} ${mail.text}`.includes(markers.email));
    // Staff copies of the requests and the paid booking, and the family's own mails.
    expect(aboutFamily.filter((mail) => mail.to !== markers.email).length).toBeGreaterThanOrEqual(3);
    expect(aboutFamily.filter((mail) => mail.to === markers.email).length).toBeGreaterThanOrEqual(3);
    const found = async () => {
      const where: string[] = [];
      for (const [table, text] of await tablesAsText())
        for (const [name, marker] of Object.entries(markers))
          if (text.toLowerCase().includes(marker.toLowerCase())) where.push(`${table}:${name}`);
      for (const file of await filesUnder(t.env.DATA_DIR)) {
        const text = (await readableText(file)).toLowerCase();
        for (const [name, marker] of Object.entries(markers))
          if (text.includes(marker.toLowerCase()))
            where.push(`file ${file.slice(t.env.DATA_DIR.length)}:${name}`);
      }
      return where;
    };
    // The markers are where the test put them before the erasure: in tables and in files.
    const before = await found();
    expect(before.filter((place) => place.startsWith("file ")).length).toBeGreaterThan(0);
    expect(before).toContain("mail_outbox:text");
    expect(before).toContain("mail_outbox:phoneShown");
    for (const marker of ["phoneNote", "refundReason", "cancelReason"])
      expect(
        before.some((place) => place.endsWith(`:${marker}`)),
        marker,
      ).toBe(true);

    const erased = await t.call("POST", `/api/v2/admin/people/${parent.id}/erase/`, {
      headers: admin.headers,
      body: { confirm_email: markers.email },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    // The invoice and the staff refund's credit note.
    expect(erased.json()).toMatchObject({ erased: true, kept_invoices: 2 });

    // Only the invoice (and a credit note, were there one) still names the family, as the law wants it.
    const after = await found();
    expect(after.filter((place) => !place.startsWith("invoices:"))).toEqual([]);
    expect(after).toContain("invoices:parentLast");
  });
});
