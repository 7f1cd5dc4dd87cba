import type { HistoryItem } from "@atelier/contract";
import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api-client.ts";
import { historyQueryOptions } from "./history-api.ts";

vi.mock("../../../lib/api-client.ts", () => ({ api: { get: vi.fn() } }));

const bought = (id: number, productType: string) =>
  ({ id, product_page: { id, name: `Angebot ${id}`, product_type: productType } }) as unknown as HistoryItem;

describe("the profile's history queries", () => {
  beforeEach(() => {
    vi.mocked(api.get)
      .mockReset()
      .mockResolvedValue([
        bought(1, "Course"),
        bought(2, "Workshop"),
        bought(3, "Event"),
        bought(4, "GiftCard"),
      ]);
  });

  it("the workshops tab keeps the workshops and the events a family booked (D486)", async () => {
    const items = await new QueryClient().fetchQuery(historyQueryOptions("5", "workshops", "de"));
    expect(items.map((item) => item.id)).toEqual([2, 3]);
    expect(vi.mocked(api.get).mock.calls[0]?.[0]).toBe("/api/v2/orders/items/history/");
  });

  it("the history tab keeps everything", async () => {
    const items = await new QueryClient().fetchQuery(historyQueryOptions("5", "all", "de"));
    expect(items.map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });
});
