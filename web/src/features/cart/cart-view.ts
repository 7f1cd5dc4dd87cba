import {
  AGE_GROUPS,
  type AgeGroup,
  ageGroupLabel,
  bookingAgeRefusal,
  type OrderItem,
  type Visitor,
} from "@atelier/contract";

const isAgeGroup = (value: string): value is AgeGroup => (AGE_GROUPS as readonly string[]).includes(value);

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

/**
 * Why a saved child cannot take an item (D141): the contract's one age rule on the item's first day (its
 * first academy week or dated session; today for weekly courses), as the error code and values the
 * server's refusal would carry. Null when the child fits or the age group is unknown.
 */
export function childAgeRefusal(
  item: Pick<OrderItem, "product_page" | "academy_week_details" | "schedule_slot_details">,
  child: Pick<Visitor, "first_name" | "birth_date">,
  today: string,
): {
  code: "child_age_week" | "child_age_date" | "child_age_today";
  params: Record<string, string | number>;
} | null {
  const group = item.product_page.age_group;
  if (!isAgeGroup(group)) return null;
  const outside = bookingAgeRefusal(
    child.birth_date,
    group,
    {
      weekStarts: item.academy_week_details.map((week) => week.starts_on),
      slotDates: item.schedule_slot_details.map((slot) => slot.date),
    },
    today,
  );
  if (!outside) return null;
  return {
    code: outside.code,
    params: { name: child.first_name, age: outside.age, group: ageGroupLabel(group) },
  };
}
