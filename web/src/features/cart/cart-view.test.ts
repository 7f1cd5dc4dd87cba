import type { OrderItem } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { groupCartItems, itemVisitorId } from "./cart-view.ts";

const item = (id: number, extra: Partial<OrderItem>) =>
  ({
    id,
    schedule_type: "Offer",
    visitor: null,
    guest_visitor: null,
    visitor_name: null,
    ...extra,
  }) as OrderItem;

describe("groupCartItems", () => {
  it("groups by child in order of appearance and puts gift cards last", () => {
    const groups = groupCartItems(
      [
        item(1, { schedule_type: "GiftCard" }),
        item(2, { visitor: 7, visitor_name: "Anna Muster" }),
        item(3, { guest_visitor: 2 }),
        item(4, { visitor: 7, visitor_name: "Anna Muster" }),
      ],
      (id) => (id === 2 ? "Ben Muster" : undefined),
    );
    expect(groups.map((g) => [g.key, g.name, g.items.map((i) => i.id)])).toEqual([
      ["v7", "Anna Muster", [2, 4]],
      ["g2", "Ben Muster", [3]],
      ["gift", null, [1]],
    ]);
  });

  it("names the child of an item", () => {
    expect(itemVisitorId(item(1, { visitor: 7 }))).toBe(7);
    expect(itemVisitorId(item(1, { guest_visitor: 2 }))).toBe(2);
    expect(itemVisitorId(item(1, {}))).toBeNull();
  });
});
