import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database.ts";
import type { Database } from "./client.ts";
import { createSnapshotReuse, currentSnapshot, sharedSnapshot } from "./snapshot.ts";

// D421: a value made once per database snapshot is reused only while nothing was written.
describe("currentSnapshot", () => {
  let t: Database;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.execute(sql`create table if not exists snapshot_probe (n int)`);
  }, 60_000);
  afterAll(() => t?.close());

  it("stays while only reads run, and moves with every commit", async () => {
    // On PostgreSQL the test files running beside this one commit to their own databases on the same
    // server and move the snapshot too: a few tries find a read between two equal snapshots unless reads
    // moved it themselves.
    let stayed = false;
    for (let attempt = 0; attempt < 20 && !stayed; attempt += 1) {
      const first = await currentSnapshot(t.db);
      await t.db.execute(sql`select count(*) from snapshot_probe`);
      stayed = (await currentSnapshot(t.db)) === first;
    }
    expect(stayed).toBe(true);
    const before = await currentSnapshot(t.db);
    await t.db.execute(sql`insert into snapshot_probe values (1)`);
    const after = await currentSnapshot(t.db);
    expect(after).not.toBe(before);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update snapshot_probe set n = n + 1`);
    });
    expect(await currentSnapshot(t.db)).not.toBe(after);
  });

  it("read for callers together (D443), shows each caller every commit made before it asked", async () => {
    const shared = sharedSnapshot(t.db);
    const before = await shared();
    await t.db.execute(sql`insert into snapshot_probe values (2)`);
    // Each answer is read after its caller asked: one asked after the commit of 2, the other after its own
    // commit of 3, both sharing whatever statement comes after their question.
    const [writing, asked] = await Promise.all([
      t.db.execute(sql`insert into snapshot_probe values (3)`).then(() => shared()),
      shared(),
    ]);
    expect(asked).not.toBe(before);
    expect(writing).not.toBe(before);
    expect(writing.split(":").length).toBe(3);
    // One reader per database handle, whichever area asks.
    expect(sharedSnapshot(t.db)).toBe(shared);
  });
});

describe("createSnapshotReuse", () => {
  const sized = () => createSnapshotReuse<string>({ maxBytes: 10, maxEntries: 3, sizeOf: (v) => v.length });

  it("makes a value once per key and snapshot, also for callers that ask while it is made", async () => {
    const reuse = sized();
    let made = 0;
    const make = async () => `v${++made}`;
    const [a, b] = await Promise.all([reuse.get("k", "s1", make), reuse.get("k", "s1", make)]);
    expect([a, b, made]).toEqual(["v1", "v1", 1]);
    expect(await reuse.get("k", "s1", make)).toBe("v1");
    // Something was written: a new snapshot makes it anew, and the old one is no longer kept.
    expect(await reuse.get("k", "s2", make)).toBe("v2");
    expect(await reuse.get("k", "s2", make)).toBe("v2");
    expect(reuse.stats()).toEqual({ entries: 1, bytes: 2 });
    // Another key (another family) is its own.
    expect(await reuse.get("other", "s2", make)).toBe("v3");
  });

  it("makes a value anew from its `until` on, the moment the clock alone may change it", async () => {
    let clock = 1_000;
    const reuse = createSnapshotReuse<string>({
      maxBytes: 100,
      maxEntries: 3,
      sizeOf: (v) => v.length,
      now: () => clock,
    });
    let made = 0;
    const make = async () => `v${++made}`;
    expect(await reuse.get("k", "s", make, 1_500)).toBe("v1");
    clock = 1_499;
    expect(await reuse.get("k", "s", make, 2_000)).toBe("v1");
    clock = 1_500;
    expect(await reuse.get("k", "s", make, 2_000)).toBe("v2");
    expect(await reuse.get("k", "s", make)).toBe("v2");
  });

  it("checks a kept value by its sources' version once the snapshot moved (getChecked, D442)", async () => {
    const reuse = sized();
    let made = 0;
    let reads = 0;
    let sources = "v1";
    const make = async () => `m${++made}`;
    const version = async () => {
      reads += 1;
      return sources;
    };
    expect(await reuse.getChecked("k", "s1", version, make)).toBe("m1");
    // The same snapshot: nothing was written anywhere, the version is not read.
    expect(await reuse.getChecked("k", "s1", version, make)).toBe("m1");
    expect(reads).toBe(1);
    // Something else was written: the snapshot moved, the sources did not.
    expect(await reuse.getChecked("k", "s2", version, make)).toBe("m1");
    expect(reads).toBe(2);
    // ... and the kept value now holds for that snapshot without another read.
    expect(await reuse.getChecked("k", "s2", version, make)).toBe("m1");
    expect(reads).toBe(2);
    // The sources changed: made anew, and kept with the new version.
    sources = "v2";
    expect(await reuse.getChecked("k", "s3", version, make)).toBe("m2");
    expect(await reuse.getChecked("k", "s4", version, make)).toBe("m2");
    expect(made).toBe(2);
    // Callers that read the same snapshot together share one reading of the version, and one computation.
    sources = "v3";
    const both = await Promise.all([
      reuse.getChecked("k", "s5", version, make),
      reuse.getChecked("k", "s5", version, make),
    ]);
    expect(both).toEqual(["m3", "m3"]);
    expect(reads).toBe(5);
    // A failed reading is not kept: the next caller reads again.
    const failing = async () => {
      reads += 1;
      throw new Error("database down");
    };
    await expect(reuse.getChecked("k", "s6", failing, make)).rejects.toThrow("database down");
    expect(await reuse.getChecked("k", "s6", version, make)).toBe("m3");
    expect(reads).toBe(7);
  });

  it("does not keep a failure: the next caller tries again", async () => {
    const reuse = sized();
    await expect(reuse.get("k", "s1", () => Promise.reject(new Error("database down")))).rejects.toThrow();
    expect(await reuse.get("k", "s1", async () => "ok")).toBe("ok");
  });

  it("keeps at most its bytes and entries, the least recently used dropped first", async () => {
    const reuse = sized();
    await reuse.get("a", "s", async () => "aaaa");
    await reuse.get("b", "s", async () => "bbbb");
    await reuse.get("a", "s", async () => "never made");
    await reuse.get("c", "s", async () => "cccc");
    // 12 bytes over 10: "b" was used least recently.
    expect(reuse.stats()).toEqual({ entries: 2, bytes: 8 });
    expect(await reuse.get("a", "s", async () => "made again")).toBe("aaaa");
    expect(await reuse.get("b", "s", async () => "made again")).toBe("made again");
    // More than maxEntries small ones.
    for (const key of ["d", "e", "f", "g"]) await reuse.get(key, "s", async () => "x");
    expect(reuse.stats().entries).toBe(3);
    // A value larger than the whole budget is answered, not kept.
    expect(await reuse.get("big", "s", async () => "x".repeat(11))).toHaveLength(11);
    expect(reuse.stats().bytes).toBeLessThanOrEqual(10);
  });
});
