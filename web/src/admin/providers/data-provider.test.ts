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

// D531: react-admin's "Exportieren" asks for 1,000 rows; the server gives at most ADMIN_PAGE_MAX at once.
describe("an export's list", () => {
  it("is asked in pieces the server gives, until a short piece ends it", async () => {
    const all = rows(250);
    const asked: [number, number][] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const range = JSON.parse(new URL(url, "http://shop.test").searchParams.get("range") ?? "[]") as [
          number,
          number,
        ];
        asked.push(range);
        const piece = all.slice(range[0], range[1] + 1);
        return new Response(JSON.stringify(piece), {
          headers: { "content-range": `orders ${range[0]}-${range[0] + piece.length - 1}/${all.length}` },
        });
      }),
    );
    const exported = await dataProvider.getList("orders", {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: "id", order: "ASC" },
      filter: {},
    });
    expect(exported).toEqual({ data: all, total: 250 });
    expect(asked).toEqual([
      [0, 99],
      [100, 199],
      [200, 299],
    ]);
  });
});
