import type pg from "pg";
import type { Catalogue, Unit } from "./catalogue.ts";
import { type Child, type Family, joinedBy } from "./families.ts";
import type { Rng } from "./prng.ts";
import type { HistoryTables } from "./tables.ts";
import { addDays, DAY, type Decade, isoDay } from "./time.ts";

export type Staff = { id: number; email: string };
export type GiftCard = {
  id: number;
  code: string;
  initialCents: number;
  balanceCents: number;
  itemId: number;
  buyer: number;
  createdAt: number;
};

/** Everything the order generator shares while it walks through the decade. */
export type History = {
  client: pg.ClientBase;
  rng: Rng;
  decade: Decade;
  catalogue: Catalogue;
  families: Family[];
  staff: Staff[];
  t: HistoryTables;
  ids: {
    order: number;
    item: number;
    payment: number;
    invoice: number;
    subscription: number;
    subscriptionPayment: number;
    giftCard: number;
  };
  /** Seats taken per unit ("s12", "w3") by orders that hold them. */
  taken: Map<string, number>;
  /** Running subscriptions per weekly slot at the decade's end. */
  running: Map<number, number>;
  giftCards: GiftCard[];
  promocodes: { id: number; percent: number; from: number; until: number }[];
  /** Invoice numbers per series (`RE-2019`), and the credit notes waiting for their numbers. */
  counters: Map<string, number>;
  creditNotes: { orderId: number; issuedAt: number; totalCents: number; data: Record<string, unknown> }[];
  /** A contract's later months waiting for their invoices, by the time they are paid (D556). */
  monthInvoices: MonthInvoice[];
  contractNumbers: Set<string>;
  lastPaidAt: number;
};

/** A later month of a contract as its invoice needs it: numbered when its time comes among the orders'. */
export type MonthInvoice = {
  paymentId: number;
  orderId: number;
  paidAt: number;
  periodEnd: number;
  amountCents: number;
  reference: string;
  /** The order's language, buyer and the course's line. */
  data: { locale: string; buyer: unknown; line: Record<string, unknown> };
};

export type Booked = {
  id: number;
  pageId: number;
  optionId: number;
  scheduleType: string;
  type: string;
  child: Child | null;
  unit: Unit | null;
  weeklySlot: number | null;
  listCents: number;
  siblingCents: number;
  promoCents: number;
  recurrentCents: number;
};

const TYPE_WEIGHTS: [string, number][] = [
  ["Course", 0.17],
  ["Academy", 0.12],
  ["Workshop", 0.3],
  ["Event", 0.37],
  ["GiftCard", 0.04],
];

function pickType(rng: Rng): string {
  let r = rng.next();
  for (const [type, weight] of TYPE_WEIGHTS) {
    r -= weight;
    if (r < 0) return type;
  }
  return "Workshop";
}

/** The first unit after `day`: binary search in a list sorted by day. */
function firstAfter(units: readonly Unit[], day: string): number {
  let lo = 0;
  let hi = units.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((units[mid]?.day ?? "") <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A dated unit (a workshop's date, an academy week) the family books at `t`, with a seat left, or null. The
 * order's items picked before (`picked`) take seats too: two children of one order in a unit's last seat
 * booked it over.
 */
function pickUnit(
  h: History,
  kind: "s" | "w",
  units: readonly Unit[],
  t: number,
  picked: readonly { unit: Unit | null }[],
): Unit | null {
  const from = firstAfter(units, isoDay(t + DAY));
  const last = isoDay(t + 120 * DAY);
  const choices = units.slice(from, from + 4).filter((u) => u.day <= last);
  if (choices.length === 0) return null;
  const unit = h.rng.pick(choices);
  const inOrder = picked.filter((item) => item.unit === unit).length;
  return (h.taken.get(`${kind}${unit.id}`) ?? 0) + inOrder < unit.seats ? unit : null;
}

/** One item the family adds at `t` after `picked`: its page, option, child and unit; null when nothing fits. */
export function pickItem(
  h: History,
  family: Family,
  t: number,
  picked: readonly { unit: Unit | null }[],
): Omit<Booked, "id" | "siblingCents" | "promoCents"> | null {
  for (let attempt = 0; attempt < 4; attempt++) {
    const type = pickType(h.rng);
    const pages = h.catalogue.byType.get(type);
    if (!pages?.length) continue;
    const pageId = h.rng.pick(pages);
    const option = h.catalogue.option.get(pageId);
    if (!option) continue;
    const child = type === "GiftCard" ? null : h.rng.pick(family.children);
    const base = {
      pageId,
      optionId: option.id,
      scheduleType: option.scheduleType,
      type,
      child,
      listCents: option.priceCents,
      recurrentCents: 0,
      unit: null,
      weeklySlot: null,
    };
    if (type === "GiftCard") return base;
    if (type === "Course") {
      const slot = h.rng.pick(h.catalogue.weekly.get(pageId) ?? []);
      return { ...base, weeklySlot: slot.id, recurrentCents: option.priceCents };
    }
    const kind = type === "Academy" ? "w" : "s";
    const units = (kind === "w" ? h.catalogue.weeks : h.catalogue.dated).get(pageId) ?? [];
    const unit = pickUnit(h, kind, units, t, picked);
    if (unit) return { ...base, unit };
  }
  return null;
}

export type OrderPlan = {
  id: number;
  family: Family;
  created: number;
  status: "paid" | "refunded" | "cancelled" | "expired" | "declined" | "cart";
  items: Booked[];
  promocodeId: number | null;
  priceCents: number;
  discountCents: number;
  giftCard: GiftCard | null;
  giftCardCents: number;
};

function pickStatus(rng: Rng): OrderPlan["status"] {
  const r = rng.next();
  if (r < 0.86) return "paid";
  if (r < 0.885) return "refunded";
  if (r < 0.92) return "cancelled";
  if (r < 0.985) return "expired";
  return "declined";
}

/** An order of the decade: when, whose, what, and its prices (sibling and promocode discounts). */
export function planOrder(h: History, created: number, cart = false): OrderPlan | null {
  const { rng } = h;
  const joined = joinedBy(h.families, created);
  if (joined === 0) return null;
  const family = h.families[rng.int(0, joined - 1)];
  if (!family) return null;
  const count = rng.int(1, 5);
  const items: Booked[] = [];
  const promo = rng.chance(0.08)
    ? h.promocodes.find((p) => p.from <= created && created < p.until)
    : undefined;
  const childrenInCourses = new Set<number>();
  for (let i = 0; i < count; i++) {
    const picked = pickItem(h, family, created, items);
    if (!picked) continue;
    // The second and further child in a course of the same order: 10 % sibling discount.
    const sibling =
      picked.type === "Course" &&
      picked.child &&
      childrenInCourses.size > 0 &&
      !childrenInCourses.has(picked.child.id)
        ? Math.floor(picked.listCents / 10)
        : 0;
    if (picked.type === "Course" && picked.child) childrenInCourses.add(picked.child.id);
    const promoCents =
      promo && picked.type !== "GiftCard"
        ? Math.floor(((picked.listCents - sibling) * promo.percent) / 100)
        : 0;
    items.push({ ...picked, id: h.ids.item++, siblingCents: sibling, promoCents });
  }
  if (items.length === 0) return null;
  const priceCents = items.reduce((s, i) => s + i.listCents, 0);
  const discountCents = items.reduce((s, i) => s + i.siblingCents + i.promoCents, 0);
  const status = cart ? "cart" : pickStatus(rng);
  const plan: OrderPlan = {
    id: h.ids.order++,
    family,
    created,
    status,
    items,
    promocodeId: promo && discountCents > 0 ? promo.id : null,
    priceCents,
    discountCents,
    giftCard: null,
    giftCardCents: 0,
  };
  if (status === "paid" && rng.chance(0.05)) useGiftCard(h, plan);
  return plan;
}

/** Pays part of a paid order from a card bought before, with balance left. */
function useGiftCard(h: History, plan: OrderPlan) {
  const card = h.giftCards.find((c) => c.balanceCents > 0 && c.createdAt < plan.created - DAY);
  if (!card) return;
  plan.giftCard = card;
  plan.giftCardCents = Math.min(card.balanceCents, plan.priceCents - plan.discountCents);
  card.balanceCents -= plan.giftCardCents;
  if (plan.giftCardCents === 0) plan.giftCard = null;
}

export const holdsSeat = (plan: OrderPlan) => plan.status === "paid";

export function takeSeats(h: History, plan: OrderPlan) {
  for (const item of plan.items) {
    if (!item.unit) continue;
    const key = `${item.type === "Academy" ? "w" : "s"}${item.unit.id}`;
    h.taken.set(key, (h.taken.get(key) ?? 0) + 1);
  }
}

/** The service days of a booked item for the invoice's line. */
export function whenOf(item: Booked, paidAt: number): { from: string; to: string } {
  if (item.unit)
    return { from: item.unit.day, to: item.type === "Academy" ? addDays(item.unit.day, 4) : item.unit.day };
  const day = isoDay(paidAt);
  return { from: day, to: item.type === "Course" ? addDays(day, 27) : day };
}
