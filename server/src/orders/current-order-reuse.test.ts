import { describe, expect, it } from "vitest";
import { testChangeFeed as feed } from "../test/test-change-feed.ts";
import { createCurrentOrderReuse, type Reply } from "./current-order-reuse.ts";

const reply = (text: string): Reply => ({
  bytes: Buffer.from(text),
  etag: `W/"${text}"`,
  contentType: "application/json; charset=utf-8",
});
const NOON = Date.parse("2026-12-01T11:00:00Z");
// What a reply was made from: its fingerprint, read under the database's snapshot "s0", of cart "c".
const at = (fingerprint: string) => ({ fingerprint, snapshot: "s0", cartId: "c" });

describe("the current order's kept replies (D430)", () => {
  it("gives a reply back for the same cart, fingerprint and minute only", () => {
    const changes = feed();
    const reuse = createCurrentOrderReuse(changes);
    if (!reuse) throw new Error("no reuse with a feed");
    reuse.keep("u1:de", at("a"), reuse.begin(NOON), reply("one"));
    expect(reuse.find("u1:de", "a", NOON + 59_999, "s0")?.bytes.toString()).toBe("one");
    expect(reuse.find("u1:de", "b", NOON, "s0")).toBeUndefined();
    expect(reuse.find("u1:ru", "a", NOON, "s0")).toBeUndefined();
    // A lesson that starts at 12:01 is no longer "not yet begun": the next minute makes the reply anew.
    expect(reuse.find("u1:de", "a", NOON + 60_000, "s0")).toBeUndefined();
  });

  it("forgets every reply when the catalogue changes, and keeps none a change overtook", () => {
    const changes = feed();
    const reuse = createCurrentOrderReuse(changes);
    if (!reuse) throw new Error("no reuse with a feed");
    reuse.keep("u1:de", at("a"), reuse.begin(NOON), reply("one"));
    // A seat taken or let go elsewhere changes nothing a cart shows (D444).
    changes.commit("seats");
    expect(reuse.find("u1:de", "a", NOON, "s0")?.bytes.toString()).toBe("one");
    changes.commit();
    expect(reuse.find("u1:de", "a", NOON, "s0")).toBeUndefined();
    // Made from catalogue rows read before the change: not kept.
    const stamp = reuse.begin(NOON);
    changes.commit();
    reuse.keep("u1:de", at("a"), stamp, reply("stale"));
    expect(reuse.find("u1:de", "a", NOON, "s0")).toBeUndefined();
  });

  it("keeps nothing while the feed is down (a change could be missed), and nothing without a feed", () => {
    const changes = feed();
    const reuse = createCurrentOrderReuse(changes);
    if (!reuse) throw new Error("no reuse with a feed");
    reuse.keep("u1:de", at("a"), reuse.begin(NOON), reply("one"));
    changes.live = false;
    expect(reuse.find("u1:de", "a", NOON, "s0")).toBeUndefined();
    reuse.keep("u2:de", at("a"), reuse.begin(NOON), reply("two"));
    changes.live = true;
    expect(reuse.find("u2:de", "a", NOON, "s0")).toBeUndefined();
    expect(createCurrentOrderReuse(undefined)).toBeUndefined();
  });

  it("holds at most its number of carts and bytes, dropping the oldest", () => {
    const few = createCurrentOrderReuse(feed(), { maxEntries: 2 });
    if (!few) throw new Error("no reuse with a feed");
    for (const key of ["a", "b", "c"]) few.keep(key, at("f"), few.begin(NOON), reply(key));
    expect(["a", "b", "c"].map((key) => few.find(key, "f", NOON, "s0") !== undefined)).toEqual([
      false,
      true,
      true,
    ]);

    const small = createCurrentOrderReuse(feed(), { maxBytes: 160 });
    if (!small) throw new Error("no reuse with a feed");
    // A reply larger than a sixteenth of the bytes is not kept at all.
    small.keep("big", at("f"), small.begin(NOON), reply("x".repeat(11)));
    expect(small.find("big", "f", NOON, "s0")).toBeUndefined();
    // Sixteen replies of ten bytes fill it; the seventeenth drops the first.
    const keys = Array.from({ length: 17 }, (_, index) => `k${index}`);
    for (const key of keys) small.keep(key, at("f"), small.begin(NOON), reply(key.padEnd(10, ".")));
    expect(keys.filter((key) => small.find(key, "f", NOON, "s0") !== undefined)).toEqual(keys.slice(1));
  });

  it("gives a reply back without its fingerprint while the snapshot it was read under is current (D443)", () => {
    const changes = feed();
    const reuse = createCurrentOrderReuse(changes);
    if (!reuse) throw new Error("no reuse with a feed");
    reuse.keep("u1:de", at("a"), reuse.begin(NOON), reply("one"));
    expect(reuse.unchanged("u1:de", "s0", NOON + 1_000)).toEqual({ reply: reply("one"), cartId: "c" });
    // Something was committed: only the fingerprint can tell.
    expect(reuse.unchanged("u1:de", "s1", NOON)).toBeUndefined();
    expect(reuse.unchanged("u1:ru", "s0", NOON)).toBeUndefined();
    // The same fingerprint found under the new snapshot: that one is remembered from then on.
    expect(reuse.find("u1:de", "a", NOON, "s1")?.bytes.toString()).toBe("one");
    expect(reuse.unchanged("u1:de", "s1", NOON)?.reply.bytes.toString()).toBe("one");
    expect(reuse.unchanged("u1:de", "s0", NOON)).toBeUndefined();
    // Another fingerprint under a snapshot does not remember it.
    expect(reuse.find("u1:de", "b", NOON, "s2")).toBeUndefined();
    expect(reuse.unchanged("u1:de", "s2", NOON)).toBeUndefined();
    // The minute, the catalogue's generation and the feed still decide as for `find`.
    expect(reuse.unchanged("u1:de", "s1", NOON + 60_000)).toBeUndefined();
    changes.live = false;
    expect(reuse.unchanged("u1:de", "s1", NOON)).toBeUndefined();
    changes.live = true;
    changes.commit();
    expect(reuse.unchanged("u1:de", "s1", NOON)).toBeUndefined();
  });
});
