// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { dataProvider } from "./data-provider.ts";

/** The server's answer to a list request: `rows` as JSON, `range` as its Content-Range header. */
function answerList(rows: unknown[], range: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(rows), { headers: { "content-range": range } })),
  );
}
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));
const list = (page: number) =>
  dataProvider.getList("orders", {
    pagination: { page, perPage: 25 },
    sort: { field: "id", order: "DESC" },
    filter: { q: "Schmidt" },
  });

afterEach(() => vi.unstubAllGlobals());

// D407: a search past the server's counting limit answers its total as `*`; the list then pages on
// without a total ("1-25 von mehr als 25") instead of showing 0 or NaN.
describe("the back office's list pages", () => {
  it("take the total from Content-Range when the server counted", async () => {
    answerList(rows(25), "orders 0-24/1000");
    expect(await list(1)).toEqual({ data: rows(25), total: 1000 });
  });

  it("page on without a total when the server answers `*`: a next page while pages come back full", async () => {
    answerList(rows(25), "orders 25-49/*");
    expect(await list(2)).toEqual({ data: rows(25), pageInfo: { hasPreviousPage: true, hasNextPage: true } });
    answerList(rows(7), "orders 0-6/*");
    expect(await list(1)).toEqual({
      data: rows(7),
      pageInfo: { hasPreviousPage: false, hasNextPage: false },
    });
  });
});
