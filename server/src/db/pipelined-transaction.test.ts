import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import { allInOrder } from "./all-in-order.ts";
import type { Database, Tx } from "./client.ts";
import { askTogether, commitWith } from "./pipelined-transaction.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table pipelined_probe (n int not null)`);
  await database.db.execute(sql`create table pipelined_lockable (id int primary key)`);
  await database.db.execute(sql`insert into pipelined_lockable values (1)`);
  // A key checked at the commit: a duplicate fails the commit, not the insert.
  await database.db.execute(
    sql`create table pipelined_deferred (k int not null, constraint pipelined_deferred_k unique (k) deferrable initially deferred)`,
  );
}, 60_000);
afterAll(() => database?.close());

type Connection = {
  query(text: string): void;
  bind(config: unknown): void;
  on(event: string, listener: () => void): void;
  off(event: string, listener: () => void): void;
};
const clientOf = (tx: Tx) => (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
const connectionOf = (client: pg.PoolClient) => (client as unknown as { connection: Connection }).connection;

/**
 * What the transaction's connection sends and reads while `work` runs: `begin` (a simple query), a
 * statement (its bind), and each answer's end (ready for query).
 */
async function traffic(work: (tx: Tx) => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  await database.db.transaction(async (tx) => {
    const connection = connectionOf(clientOf(tx));
    const { query, bind } = connection;
    const ready = () => seen.push("ready");
    connection.query = (text: string) => {
      seen.push(text.trim().toLowerCase());
      query.call(connection, text);
    };
    connection.bind = (config: unknown) => {
      seen.push("statement");
      bind.call(connection, config);
    };
    connection.on("readyForQuery", ready);
    try {
      await work(tx);
    } finally {
      connection.query = query;
      connection.bind = bind;
      connection.off("readyForQuery", ready);
    }
  });
  return seen;
}

/** The rows of a statement's result (the database handle's result type is the driver's). */
/** What `traffic` sees of a transaction's first statement sent alone: `begin` with it, and both answers. */
const FIRST_STATEMENT = ["begin", "statement", "ready", "ready"];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const count = async () =>
  rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pipelined_probe`))[0]?.n;

describe.skipIf(!usesPostgres())("begin goes out with the first statements (D409, D455, PostgreSQL)", () => {
  it("sends begin and the first statement before either answer; the next statements one at a time", async () => {
    const seen = await traffic(async (tx) => {
      await tx.execute(sql`select ${1}::int`);
      await tx.execute(sql`select ${2}::int`);
    });
    // One round trip for begin and the first statement (both written, then both answered), then one each.
    expect(seen).toEqual(["begin", "statement", "ready", "ready", "statement", "ready"]);
  });

  it("statements asked for at once as the first ones: each answered with its own rows, in order", async () => {
    const seen = await traffic(async (tx) => {
      const answers = await Promise.all(
        [1, 2, 3].map((n) =>
          tx.execute(sql`select ${n}::int as n`).then((r) => rowsOf<{ n: number }>(r)[0]?.n),
        ),
      );
      expect(answers).toEqual([1, 2, 3]);
      const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select ${4}::int as n`));
      expect(row?.n).toBe(4);
    });
    // begin with the first in one round trip; the others after that pair, as node-postgres queues them (a
    // statement queued behind another is written while that one's end is read, so before this listener sees it).
    expect(seen.slice(0, 4)).toEqual(["begin", "statement", "ready", "ready"]);
    expect(seen.filter((event) => event === "statement")).toHaveLength(4);
    expect(seen.filter((event) => event === "ready")).toHaveLength(5);
  });

  it("statements asked together as the first ones go in one write with begin (D455)", async () => {
    let answers: unknown[] = [];
    const seen = await traffic(async (tx) => {
      answers = await askTogether(tx, () =>
        allInOrder([1, 2, 3].map((n) => tx.execute(sql`select ${n}::int as n`).execute())),
      );
      await tx.execute(sql`select ${4}::int as n`);
    });
    expect(answers.map((result) => rowsOf<{ n: number }>(result)[0]?.n)).toEqual([1, 2, 3]);
    expect(seen).toEqual([
      "begin",
      "statement",
      "statement",
      "statement",
      "ready",
      "ready",
      "ready",
      "ready",
      "statement",
      "ready",
    ]);
  });

  it("runs the first statement inside the transaction: a rollback undoes its write", async () => {
    const before = await count();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipelined_probe values (${1})`);
        const [row] = rowsOf<{ xact: string | null }>(
          await tx.execute(sql`select pg_current_xact_id_if_assigned()::text as xact`),
        );
        expect(row?.xact).not.toBeNull();
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await count()).toBe(before);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pipelined_probe values (${2})`);
    });
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it("sends nothing for a transaction without statements, and the connection is idle after it", async () => {
    const seen = await traffic(async () => undefined);
    // The commit is answered without the server: no begin was sent, so there is nothing to end.
    expect(seen).toEqual([]);
    await expect(database.db.transaction(async () => Promise.reject(new Error("early")))).rejects.toThrow(
      "early",
    );
    const [row] = rowsOf<{ status: string }>(await database.db.execute(sql`select 'ok' as status`));
    expect(row?.status).toBe("ok");
  });

  it("a failing first statement rolls the transaction back, and the connection serves the next one", async () => {
    const before = await count();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 / ${0}::int`);
      }),
    ).rejects.toThrow();
    let pipelined = true;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pipelined_probe values (${3})`);
      pipelined = (clientOf(tx) as unknown as { pipeline: boolean }).pipeline;
    });
    expect(pipelined).toBe(false);
    expect(await count()).toBe((before ?? 0) + 1);
    // Every connection of the pool in turn: none is left inside a transaction.
    const states = await Promise.all(
      Array.from({ length: 12 }, () =>
        database.db.execute(sql`select (pg_current_xact_id_if_assigned() is null) as clean, pg_sleep(0.05)`),
      ),
    );
    expect(states.every((result) => rowsOf<{ clean: boolean }>(result)[0]?.clean)).toBe(true);
  });
});

describe.skipIf(!usesPostgres())(
  "commit goes out with the transaction's last statement (D455, PostgreSQL)",
  () => {
    const committedFromElsewhere = async (n: number) =>
      rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from pipelined_probe where n = ${n}`),
      )[0]?.n;

    it("writes the last statement and commit together, and drizzle's commit goes nowhere", async () => {
      const seen = await traffic(async (tx) => {
        await tx.execute(sql`select ${1}::int`);
        await commitWith(tx, () => tx.execute(sql`insert into pipelined_probe values (${41})`).execute());
      });
      expect(await committedFromElsewhere(41)).toBe(1);
      // Drizzle's own commit after the callback is answered without the server.
      expect(seen).toEqual(["begin", "statement", "ready", "ready", "statement", "commit", "ready", "ready"]);
    });

    it("a transaction of one statement is one write: begin, the statement and commit", async () => {
      const seen = await traffic(async (tx) => {
        await commitWith(tx, () => tx.execute(sql`insert into pipelined_probe values (${42})`).execute());
      });
      expect(seen).toEqual(["begin", "statement", "commit", "ready", "ready", "ready"]);
      expect(await committedFromElsewhere(42)).toBe(1);
    });

    it("a failing last statement leaves nothing written, and the transaction's caller gets its error", async () => {
      const before = await count();
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into pipelined_probe values (${43})`);
          await commitWith(tx, () =>
            tx.execute(sql`insert into pipelined_probe values (1 / ${0}::int)`).execute(),
          );
        }),
      ).rejects.toThrow();
      expect(await count()).toBe(before);
    });

    it("a failing commit fails the statement: the caller never takes a write for committed that is not", async () => {
      await database.db.execute(sql`insert into pipelined_deferred values (${1})`);
      await expect(
        database.db.transaction(async (tx) => {
          await commitWith(tx, () => tx.execute(sql`insert into pipelined_deferred values (${1})`).execute());
        }),
      ).rejects.toMatchObject({ cause: { constraint: "pipelined_deferred_k" } });
      const [row] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from pipelined_deferred`),
      );
      expect(row?.n).toBe(1);
    });

    it("refuses a statement asked after the last one, and leaves the connection outside any transaction", async () => {
      await expect(
        database.db.transaction(async (tx) => {
          await commitWith(tx, () => tx.execute(sql`insert into pipelined_probe values (${44})`).execute());
          await tx.execute(sql`insert into pipelined_probe values (${45})`);
        }),
      ).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/after the transaction's last one/) },
      });
      // The last statement had committed; the one after it never ran.
      expect(await committedFromElsewhere(44)).toBe(1);
      expect(await committedFromElsewhere(45)).toBe(0);
      const states = await Promise.all(
        Array.from({ length: 12 }, () =>
          database.db.execute(
            sql`select (pg_current_xact_id_if_assigned() is null) as clean, pg_sleep(0.05)`,
          ),
        ),
      );
      expect(states.every((result) => rowsOf<{ clean: boolean }>(result)[0]?.clean)).toBe(true);
    });

    it("refuses a statement that does not ask for its query at once: nothing is written", async () => {
      await expect(
        database.db.transaction(async (tx) => {
          // A drizzle query builder runs only when awaited: too late to take the commit.
          await commitWith(tx, () => tx.execute(sql`insert into pipelined_probe values (${48})`));
        }),
      ).rejects.toThrow(/at once/);
      expect(await committedFromElsewhere(48)).toBe(0);
    });

    it("a failing statement asked with the lock fails the transaction: nothing of it is written", async () => {
      const before = await count();
      await expect(
        database.db.transaction(async (tx) => {
          await Promise.all([
            tx.execute(sql`insert into pipelined_probe values (${46})`),
            tx.execute(sql`select 1 / ${0}::int`),
            tx.execute(sql`insert into pipelined_probe values (${47})`),
          ]);
        }),
      ).rejects.toThrow();
      expect(await count()).toBe(before);
      const [row] = rowsOf<{ status: string }>(await database.db.execute(sql`select 'ok' as status`));
      expect(row?.status).toBe("ok");
    });
  },
);

describe.skipIf(!usesPostgres())("statements asked together inside a transaction (D456, PostgreSQL)", () => {
  it("go in one write, and are answered each with its own rows", async () => {
    let answers: unknown[] = [];
    const seen = await traffic(async (tx) => {
      await tx.execute(sql`select ${1}::int`);
      answers = await askTogether(tx, () =>
        Promise.all([
          tx.execute(sql`select ${2}::int as n`).execute(),
          tx.execute(sql`select ${3}::int as n`).execute(),
        ]),
      );
    });
    expect(seen).toEqual([...FIRST_STATEMENT, "statement", "statement", "ready", "ready"]);
    expect(answers.map((result) => rowsOf<{ n: number }>(result)[0]?.n)).toEqual([2, 3]);
  });

  it("a check asked with a lock runs once the lock is held: it sees what the lock's holder committed", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Another transaction holds the row's lock and writes, then commits once the check below waits.
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from pipelined_lockable where id = 1 for update`);
      await tx.execute(sql`insert into pipelined_probe values (${51})`);
      locked();
      await held;
    });
    await lockTaken;
    const checked = database.db.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int`);
      const [, count] = await askTogether(tx, () =>
        Promise.all([
          tx.execute(sql`select id from pipelined_lockable where id = 1 for no key update`).execute(),
          tx.execute(sql`select count(*)::int as n from pipelined_probe where n = ${51}`).execute(),
        ]),
      );
      return rowsOf<{ n: number }>(count)[0]?.n;
    });
    // The lock and the check are both on the wire and waiting; the holder commits now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await holder;
    expect(await checked).toBe(1);
  });
});

describe.skipIf(!usesPostgres())(
  "a read asked together with the last statement and its commit (D479, PostgreSQL)",
  () => {
    it("goes in the one write before them, and reads the rows as they were before the statement", async () => {
      let answers: unknown[] = [];
      const seen = await traffic(async (tx) => {
        await tx.execute(sql`insert into pipelined_probe values (${61})`);
        answers = await askTogether(tx, () =>
          allInOrder([
            tx
              .execute(sql`select count(*)::int as n from pipelined_probe where n in (${61}, ${62})`)
              .execute(),
            commitWith(tx, () => tx.execute(sql`insert into pipelined_probe values (${62})`).execute()),
          ]),
        );
      });
      expect(seen).toEqual([
        ...FIRST_STATEMENT,
        "statement",
        "statement",
        "commit",
        "ready",
        "ready",
        "ready",
      ]);
      expect(rowsOf<{ n: number }>(answers[0])[0]?.n).toBe(1);
      const [after] = rowsOf<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from pipelined_probe where n in (${61}, ${62})`,
        ),
      );
      expect(after?.n).toBe(2);
    });

    it("a failing last statement behind the read: the caller gets its error, nothing is written", async () => {
      const before = await count();
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into pipelined_probe values (${63})`);
          await askTogether(tx, () =>
            allInOrder([
              tx.execute(sql`select count(*)::int as n from pipelined_probe`).execute(),
              commitWith(tx, () =>
                tx.execute(sql`insert into pipelined_probe values (1 / ${0}::int)`).execute(),
              ),
            ]),
          );
        }),
      ).rejects.toMatchObject({ cause: { code: "22012" } });
      expect(await count()).toBe(before);
      const [row] = rowsOf<{ status: string }>(await database.db.execute(sql`select 'ok' as status`));
      expect(row?.status).toBe("ok");
    });
  },
);

describe("allInOrder (D456)", () => {
  it("fails with the first failure in the order asked, even when a later one's arrives first", async () => {
    const lockTimeout = Object.assign(new Error("canceling statement due to lock timeout"), {
      code: "55P03",
    });
    const aborted = Object.assign(new Error("current transaction is aborted"), { code: "25P02" });
    // The lock's rejection takes longer to reach the caller (more promise steps), as a first statement's does.
    const lock = new Promise((_, reject) => setTimeout(() => reject(lockTimeout), 20));
    const behind = Promise.reject(aborted);
    await expect(allInOrder([lock, behind])).rejects.toBe(lockTimeout);
    await expect(Promise.all([lock.catch(() => undefined), behind])).rejects.toBe(aborted);
  });

  it("answers every value in the order asked", async () => {
    const late = new Promise<number>((resolve) => setTimeout(() => resolve(1), 10));
    expect(await allInOrder([late, Promise.resolve("two"), 3])).toEqual([1, "two", 3]);
  });
});
