import { describe, expect, it } from "vitest";
import { batchedRead } from "./batched-read.ts";

/** A readMany whose statements are answered by the test: each call is recorded with its keys. */
function fakeStatements() {
  const calls: { keys: string[]; answer: (rows?: Map<string, string>) => void; fail: (e: Error) => void }[] =
    [];
  const readMany = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      calls.push({
        keys,
        answer: (rows) => resolve(rows ?? new Map(keys.map((key) => [key, `row of ${key}`]))),
        fail: reject,
      });
    });
  return { calls, readMany };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("reads that share one statement (D431)", () => {
  it("sends the reads asked for in one turn of the event loop as one statement, each answered with its own row", async () => {
    const { calls, readMany } = fakeStatements();
    const read = batchedRead(readMany);
    const answers = Promise.all(["a", "b", "c"].map(read));
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([["a", "b", "c"]]);
    calls[0]?.answer();
    expect(await answers).toEqual(["row of a", "row of b", "row of c"]);
  });

  it("answers undefined for a key the statement found no row of", async () => {
    const { calls, readMany } = fakeStatements();
    const read = batchedRead(readMany);
    const answers = Promise.all([read("a"), read("gone")]);
    await turn();
    calls[0]?.answer(new Map([["a", "row of a"]]));
    expect(await answers).toEqual(["row of a", undefined]);
  });

  it("asks once for a key asked twice at once, and answers both", async () => {
    const { calls, readMany } = fakeStatements();
    const read = batchedRead(readMany);
    const answers = Promise.all([read("a"), read("a")]);
    await turn();
    expect(calls[0]?.keys).toEqual(["a"]);
    calls[0]?.answer();
    expect(await answers).toEqual(["row of a", "row of a"]);
  });

  it("while maxInFlight statements are out, gathers the next reads and sends them together when one comes back", async () => {
    const { calls, readMany } = fakeStatements();
    const read = batchedRead(readMany, { maxInFlight: 1 });
    const first = read("a");
    await turn();
    const later = Promise.all([read("b"), read("c")]);
    await turn();
    expect(calls).toHaveLength(1);
    calls[0]?.answer();
    await first;
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([["a"], ["b", "c"]]);
    calls[1]?.answer();
    expect(await later).toEqual(["row of b", "row of c"]);
  });

  it("without a limit in flight, a later turn's reads go out at once beside a statement still out (D432)", async () => {
    const { calls, readMany } = fakeStatements();
    const read = batchedRead(readMany, { maxInFlight: Number.POSITIVE_INFINITY });
    const first = read("a");
    await turn();
    const later = Promise.all([read("b"), read("c")]);
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([["a"], ["b", "c"]]);
    for (const call of calls) call.answer();
    expect(await first).toBe("row of a");
    expect(await later).toEqual(["row of b", "row of c"]);
  });

  it("sends at most maxBatch keys per statement", async () => {
    const { calls, readMany } = fakeStatements();
    const read = batchedRead(readMany, { maxInFlight: 2, maxBatch: 2 });
    const answers = Promise.all(["a", "b", "c", "d", "e"].map(read));
    await turn();
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    for (const call of calls.splice(0)) call.answer();
    await turn();
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([["e"]]);
    calls[0]?.answer();
    expect(await answers).toHaveLength(5);
  });

  it("a failed statement fails the reads it carried, not the next ones", async () => {
    const { calls, readMany } = fakeStatements();
    const read = batchedRead(readMany);
    const failed = Promise.allSettled([read("a"), read("b")]);
    await turn();
    calls[0]?.fail(new Error("connection lost"));
    expect((await failed).map((result) => result.status)).toEqual(["rejected", "rejected"]);
    const next = read("a");
    await turn();
    calls[1]?.answer();
    expect(await next).toBe("row of a");
  });
});
