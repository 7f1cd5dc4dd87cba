import type { OrderItem } from "@atelier/contract";

export type CartGroup = {
  /** "v12" (a saved child), "g2" (a guest's local child), "gift" (gift cards), "none" (no child yet). */
  key: string;
  kind: "visitor" | "guest" | "gift" | "none";
  /** The child's name; null for gift cards and items without a child. */
  name: string | null;
  items: OrderItem[];
};

/**
 * The cart's items grouped by child, in the order the children first appear; gift cards (bought for
 * someone outside the family) in a group of their own at the end. A guest's child is named from local
 * storage (`guestName`), since the server only knows its number.
 */
export function groupCartItems(
  items: readonly OrderItem[],
  guestName: (guestVisitorId: number) => string | undefined,
): CartGroup[] {
  const groups = new Map<string, CartGroup>();
  const add = (key: string, make: () => Omit<CartGroup, "items">, item: OrderItem) => {
    let group = groups.get(key);
    if (!group) {
      group = { ...make(), items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  };
  for (const item of items) {
    if (item.schedule_type === "GiftCard") {
      add("gift", () => ({ key: "gift", kind: "gift", name: null }), item);
    } else if (item.guest_visitor === null && item.visitor !== null) {
      const id = item.visitor.id;
      add(`v${id}`, () => ({ key: `v${id}`, kind: "visitor", name: item.visitor_name }), item);
    } else if (item.guest_visitor !== null) {
      const id = item.guest_visitor;
      add(
        `g${id}`,
        () => ({ key: `g${id}`, kind: "guest", name: item.visitor_name ?? guestName(id) ?? null }),
        item,
      );
    } else {
      add("none", () => ({ key: "none", kind: "none", name: null }), item);
    }
  }
  const ordered = [...groups.values()];
  return [...ordered.filter((g) => g.kind !== "gift"), ...ordered.filter((g) => g.kind === "gift")];
}

/** The id a child select shows for an item: the saved child's id, or the guest's local number. */
export const itemVisitorId = (item: Pick<OrderItem, "visitor" | "guest_visitor">) =>
  item.guest_visitor ?? item.visitor?.id ?? null;
