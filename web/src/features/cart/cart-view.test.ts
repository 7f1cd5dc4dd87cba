import type { OrderItem } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { childAgeRefusal, groupCartItems, itemVisitorId } from "./cart-view.ts";

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

describe("childAgeRefusal (D141)", () => {
  const academyItem = {
    product_page: {
      id: 1,
      product_type: "Academy",
      name: "Ferien-Kunstakademie",
      slug: "a",
      age_group: "8-11",
    },
    academy_week_details: [
      { id: 2, starts_on: "2027-07-12", ends_on: "2027-07-16" },
      { id: 1, starts_on: "2027-03-22", ends_on: "2027-03-26" },
    ],
    schedule_slot_details: [],
  } as unknown as OrderItem;
  const lukas = { first_name: "Lukas", birth_date: "2015-03-02" };

  it("names the child, its age in the first week booked and the group, though it is 11 today", () => {
    expect(childAgeRefusal(academyItem, lukas, "2026-11-26")).toEqual({
      code: "child_age_week",
      params: { name: "Lukas", age: 12, group: "8\u201311" },
    });
  });

  it("is null for a child that fits on that day, and for weekly courses checks today", () => {
    expect(
      childAgeRefusal(academyItem, { first_name: "Mia", birth_date: "2017-01-01" }, "2026-11-26"),
    ).toBeNull();
    const course = {
      ...academyItem,
      academy_week_details: [],
      product_page: { ...academyItem.product_page, age_group: "5-7" },
    } as OrderItem;
    expect(childAgeRefusal(course, lukas, "2026-11-26")).toMatchObject({
      code: "child_age_today",
      params: { age: 11 },
    });
  });
});
