import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, invoices, mailOutbox } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createStaff } from "../test/shop-fixtures.ts";

/** The school's settings in the back office (issue 29; D243): stored, audited, read when documents are made. */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let admin: Awaited<ReturnType<typeof createStaff>>;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  admin = await createStaff(t.db, "admin");
  staff = await createStaff(t.db, "staff");
}, 60_000);
afterAll(() => t?.close());

const URL = "/api/v2/admin/school-settings/1/";
const NEW_SELLER = {
  legal_name: "Atelier Neue Schule gGmbH",
  address: "Schönhauser Allee 5, 10119 Berlin",
  tax_id: "27/123/45678",
  vat_note_de: "Umsatzsteuerfrei nach § 4 Nr. 21 a) bb) UStG.",
  vat_note_ru: "Без НДС согласно § 4 Nr. 21 a) bb) UStG.",
  school_email: "hallo@atelier-neu.test",
  staff_notify_emails: ["buchungen@atelier-neu.test", "leitung@atelier-neu.test"],
};

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), "atelier-settings-pdf-")), "invoice.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describe("school settings", () => {
  it("are the environment's values until an admin saves; staff get 403 on read and save", async () => {
    expect((await t.call("GET", URL, { headers: staff.headers })).statusCode).toBe(403);
    const bystaff = await t.call("PUT", URL, {
      headers: staff.headers,
      body: { ...NEW_SELLER, version: "x" },
    });
    expect(bystaff.statusCode).toBe(403);
    const res = await t.call("GET", URL, { headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      legal_name: t.env.SCHOOL_LEGAL_NAME,
      tax_id: t.env.SCHOOL_TAX_ID,
      school_email: t.env.SCHOOL_EMAIL,
      staff_notify_emails: [],
      saved_at: null,
    });
  });

  it("refuses a wrong address with a message at its field, and a stale version, writing nothing", async () => {
    const { version } = (await t.call("GET", URL, { headers: admin.headers })).json();
    const bad = await t.call("PUT", URL, {
      headers: admin.headers,
      query: { locale: "ru" },
      body: { ...NEW_SELLER, staff_notify_emails: ["kein-at-zeichen"], version },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error_codes)).toEqual(["staff_notify_emails.0"]);
    const stale = await t.call("PUT", URL, {
      headers: admin.headers,
      body: { ...NEW_SELLER, version: "old" },
    });
    expect(stale.statusCode).toBe(409);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.resource, "school-settings"))).toEqual([]);
  });

  it("saves at the version read, audited; the next invoice's PDF and the staff notice follow the saved values", async () => {
    const { version } = (await t.call("GET", URL, { headers: admin.headers })).json();
    const saved = await t.call("PUT", URL, { headers: admin.headers, body: { ...NEW_SELLER, version } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(NEW_SELLER);
    expect(saved.json().saved_at).not.toBeNull();
    // The same version again is stale now: a second admin who read before this save cannot overwrite it.
    const again = await t.call("PUT", URL, { headers: admin.headers, body: { ...NEW_SELLER, version } });
    expect(again.statusCode).toBe(409);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "school-settings"), eq(auditLog.recordId, 1)));
    expect(entry).toMatchObject({ userId: admin.id, action: "update" });
    expect(entry?.before).toMatchObject({ legal_name: t.env.SCHOOL_LEGAL_NAME, tax_id: t.env.SCHOOL_TAX_ID });
    expect(entry?.after).toMatchObject({ legal_name: NEW_SELLER.legal_name, tax_id: NEW_SELLER.tax_id });

    // A parent pays: the invoice is issued now, with the seller as saved.
    const parent = await t.parentWithCourse();
    const fulfilled = await t.fulfil(parent.headers);
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    const { id, order_id } = fulfilled.json();
    t.standIn.approve(id);
    expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order_id));
    expect(invoice?.data.seller).toMatchObject({
      legalName: NEW_SELLER.legal_name,
      taxId: NEW_SELLER.tax_id,
      email: NEW_SELLER.school_email,
    });
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/v2/orders/${order_id}/invoice.pdf?locale=de`,
      headers: parent.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(NEW_SELLER.legal_name);
    expect(text).toContain(NEW_SELLER.tax_id);
    expect(text).toContain("Schönhauser Allee 5");
    expect(text).not.toContain(t.env.SCHOOL_TAX_ID);

    // The school hears of the booking at the saved addresses, no longer at the environment's.
    const notices = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, "staff-notice"));
    const to = notices.map((mail) => mail.to);
    expect(to).toEqual(expect.arrayContaining(NEW_SELLER.staff_notify_emails));
    expect(to).not.toContain(t.env.SCHOOL_EMAIL);
  }, 60_000);
});
