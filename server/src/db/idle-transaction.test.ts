import { eq, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { crashWatch, otherSession } from "../test/other-session.ts";
import { usesPostgres } from "../test/test-database.ts";
import { scheduleSlots } from "./schema/index.ts";

// D411: PostgreSQL ends a transaction that sits idle longer than DB_IDLE_IN_TRANSACTION_MS. Its locks and
// writes go with it, the request answers 503, and the process lives. A capture that keeps a running
// reservation without the units' locks (D408) relies on this bound. PostgreSQL only: PGlite has no sessions.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(usesPostgres())("a transaction idle too long (PostgreSQL)", () => {
  let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
  let other: pg.Client;
  const { crashes, ...watch } = crashWatch();

  beforeAll(async () => {
    watch.start();
    t = await createCheckoutTestApp({ env: { DB_IDLE_IN_TRANSACTION_MS: "1000" } });
    other = await otherSession(t.db);
  }, 60_000);
  afterAll(async () => {
    watch.stop();
    await other?.end();
    await t?.close();
  });

  it("is ended by PostgreSQL: its row lock is free again, its write rolled back, the request answers 503 and the next one succeeds", async () => {
    const slot = t.dated[0];
    if (!slot) throw new Error("no dated workshop session");
    const seatsOf = async () => {
      const { rows } = await other.query("select seats from schedule_slots where id = $1", [slot.id]);
      return Number(rows[0]?.seats);
    };
    const before = await seatsOf();
    let locked: () => void = () => {};
    const written = new Promise<void>((resolve) => {
      locked = resolve;
    });
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // A write that holds its row lock and then stalls between two statements, as a lost process would.
    t.app.post("/api/v2/_test/stalled-transaction/", async () =>
      t.db.transaction(async (tx) => {
        await tx
          .update(scheduleSlots)
          .set({ seats: sql`${scheduleSlots.seats} + 1` })
          .where(eq(scheduleSlots.id, slot.id));
        locked();
        await gate;
        await tx.execute(sql`select 1`);
        return {};
      }),
    );
    const reply = t.app.inject({ method: "POST", url: "/api/v2/_test/stalled-transaction/?locale=de" });
    await written;
    // Held: another session cannot take the row now.
    await expect(
      other.query("select 1 from schedule_slots where id = $1 for update nowait", [slot.id]),
    ).rejects.toThrow();
    await sleep(1_800);
    // Past the limit the server has ended the transaction: the row is free and the write is gone.
    await other.query("begin");
    await other.query("select 1 from schedule_slots where id = $1 for update nowait", [slot.id]);
    await other.query("rollback");
    expect(await seatsOf()).toBe(before);
    open();
    const res = await reply;
    expect(crashes).toEqual([]);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error_codes).toEqual({ detail: "service_unavailable" });
    const parent = await t.parentWithCourse(0);
    const cart = await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers });
    expect(cart.statusCode).toBe(200);
  }, 30_000);
});
