import { berlinDate } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, invoices } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let admin: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  for (const slot of t.weekly) await t.setSeats(slot.id, 500);
  staff = await createStaff(t.db);
  admin = await createStaff(t.db, "admin");
}, 60_000);
afterAll(() => t?.close());

const SETTINGS = "/api/v2/admin/school-settings/1/";

async function paidOrder() {
  const parent = await t.parentWithCourse(0);
  const { id, order_id: orderId } = (await t.fulfil(parent.headers)).json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  const [invoice] = await t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  if (!invoice) throw new Error("no invoice");
  return invoice;
}

describe(`the DATEV export of a month (D282, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("is for staff only: guests 401, customers 403", async () => {
    const parent = await createParent(t.db);
    expect((await t.call("GET", "/api/v2/admin/accounting/2026-01/datev.csv")).statusCode).toBe(401);
    expect(
      (await t.call("GET", "/api/v2/admin/accounting/2026-01/datev.csv", { headers: parent.headers }))
        .statusCode,
    ).toBe(403);
    const wrong = await t.call("GET", "/api/v2/admin/accounting/2026-13/datev.csv", {
      headers: staff.headers,
    });
    expect(wrong.statusCode).toBe(400);
  });

  it("downloads the month's Buchungsstapel in Windows-1252 with the accounts of the school's settings, audited", async () => {
    const invoice = await paidOrder();
    const month = berlinDate(invoice.issuedAt).slice(0, 7);
    const res = await t.call("GET", `/api/v2/admin/accounting/${month}/datev.csv`, {
      headers: staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("windows-1252");
    expect(res.headers["content-disposition"]).toContain(`EXTF_Buchungsstapel_${month}.csv`);
    const lines = res.rawPayload.toString("latin1").split("\r\n");
    expect(lines[0]?.startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true);
    // "ü" of "Gegenkonto (ohne BU-Schlüssel)" is one byte, 0xFC.
    expect(lines[1]).toContain("Gegenkonto (ohne BU-Schl\u00fcssel)");
    const row = lines.find((line) => line.includes(`"${invoice.number}"`))?.split(";");
    // A course is exempt: Geldtransit 1360 to 8100 by default (SKR03).
    expect(row?.slice(6, 8)).toEqual(["1360", "8100"]);

    // An admin sets the adviser's numbers and SKR04's accounts; the next export uses them.
    const current = (await t.call("GET", SETTINGS, { headers: admin.headers })).json();
    const { id: _id, saved_at: _saved, ...values } = current;
    const saved = await t.call("PUT", SETTINGS, {
      headers: admin.headers,
      body: {
        ...values,
        datev: {
          ...current.datev,
          consultant_number: 29098,
          client_number: 55003,
          chart: "04",
          clearing_account: "1460",
          revenue_exempt_account: "4100",
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await t.call("GET", `/api/v2/admin/accounting/${month}/datev.csv`, {
      headers: staff.headers,
    });
    const [header, , ...rows] = again.rawPayload.toString("latin1").split("\r\n");
    expect(header?.split(";").slice(10, 12)).toEqual(["29098", "55003"]);
    expect(header?.split(";")[26]).toBe('"04"');
    const booked = rows.find((line) => line.includes(`"${invoice.number}"`))?.split(";");
    expect(booked?.slice(6, 8)).toEqual(["1460", "4100"]);

    // A save without `datev` (an older back office) keeps the accounts.
    const later = (await t.call("GET", SETTINGS, { headers: admin.headers })).json();
    const { id: _i, saved_at: _s, datev: _d, ...withoutDatev } = later;
    const kept = await t.call("PUT", SETTINGS, { headers: admin.headers, body: withoutDatev });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().datev.revenue_exempt_account).toBe("4100");
    const refused = await t.call("PUT", SETTINGS, {
      headers: admin.headers,
      body: {
        ...withoutDatev,
        version: kept.json().version,
        datev: { ...later.datev, clearing_account: "13a" },
      },
    });
    expect(refused.statusCode).toBe(400);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "accounting"), eq(auditLog.action, "export")));
    const datev = entries.filter((e) => (e.after as { format?: string } | null)?.format === "datev");
    expect(datev).toHaveLength(2);
    expect(datev[0]).toMatchObject({ userId: staff.id, recordId: Number(month.replace("-", "")) });
    expect((datev[0]?.after as { documents?: string[] } | undefined)?.documents).toContain(invoice.number);
  });
});
