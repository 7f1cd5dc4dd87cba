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

const anna = { id: 7, first_name: "Anna", last_name: "Muster", birth_date: "2018-04-02" };

describe("groupCartItems", () => {
  it("groups by child in order of appearance and puts gift cards last", () => {
    const groups = groupCartItems(
      [
        item(1, { schedule_type: "GiftCard" }),
        item(2, { visitor: anna, visitor_name: "Anna Muster" }),
        item(3, { guest_visitor: 2 }),
        item(4, { visitor: anna, visitor_name: "Anna Muster" }),
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
    expect(itemVisitorId(item(1, { visitor: anna }))).toBe(7);
    expect(itemVisitorId(item(1, { guest_visitor: 2 }))).toBe(2);
    // A guest's local child comes as a visitor object too (the existing client reads `visitor.id`).
    const guest = { id: 2, first_name: "", last_name: "", birth_date: null };
    expect(itemVisitorId(item(1, { guest_visitor: 2, visitor: guest }))).toBe(2);
    expect(groupCartItems([item(1, { guest_visitor: 2, visitor: guest })], () => "Ben")[0]?.key).toBe("g2");
    expect(itemVisitorId(item(1, {}))).toBeNull();
  });
});
