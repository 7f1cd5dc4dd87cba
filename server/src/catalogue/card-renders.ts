import { randomBytes } from "node:crypto";
import type { Product } from "@atelier/contract";

/**
 * Product cards serialized once and reused by every list they appear in (D80): the JSON of a card with
 * each slot's seats left cut out, so a list reply is its cards' pieces joined with fresh seat counts,
 * byte for byte what `JSON.stringify` of the whole list makes. Renders belong to one catalogue stamp
 * (change count and date); a new stamp drops them all.
 */
export type CardRender = {
  /** The card's JSON split where each slot's `space` goes: one piece more than slots. */
  pieces: string[];
  /** The card's slots in reply order, with their seats. */
  slots: { id: number; seats: number }[];
};

/** Seats left in a slot or week: never below zero (an overbooked unit shows none). */
export const spaceLeft = (seats: number, taken: number) => Math.max(0, seats - taken);

// A marker no catalogue text contains: private-use characters around a per-process random word.
const MARK = `\uE000${randomBytes(6).toString("hex")}\uE000`;

export function renderCard(product: Product): CardRender {
  const marked = {
    ...product,
    schedule_slots: product.schedule_slots.map((slot) => ({ ...slot, space: MARK as unknown as number })),
  };
  return {
    pieces: JSON.stringify(marked).split(JSON.stringify(MARK)),
    slots: product.schedule_slots.map((slot) => ({ id: slot.id, seats: slot.seats })),
  };
}

/**
 * A card's JSON with the seats taken now, or undefined when the render does not have exactly these
 * slots (the caller then reads the card afresh).
 */
export function cardJson(render: CardRender, taken: ReadonlyMap<number, number>): string | undefined {
  if (taken.size !== render.slots.length) return undefined;
  let json = render.pieces[0] ?? "";
  for (let i = 0; i < render.slots.length; i++) {
    const slot = render.slots[i] as CardRender["slots"][number];
    const n = taken.get(slot.id);
    if (n === undefined) return undefined;
    json += `${spaceLeft(slot.seats, n)}${render.pieces[i + 1]}`;
  }
  return json;
}

/** Renders of one stamp, by locale and product id. */
export class CardRenders {
  private stamp = "";
  private readonly renders = new Map<string, CardRender>();

  constructor(private readonly maxEntries = 2000) {}

  /** The renders valid for `stamp`; switching to another stamp forgets the old ones. */
  forStamp(stamp: string): this {
    if (stamp !== this.stamp) {
      this.renders.clear();
      this.stamp = stamp;
    }
    return this;
  }

  /** The render of a card under `stamp`; none once another request moved the renders to a newer stamp. */
  get(stamp: string, locale: string, id: number): CardRender | undefined {
    return stamp === this.stamp ? this.renders.get(`${locale}:${id}`) : undefined;
  }

  set(stamp: string, locale: string, id: number, render: CardRender): void {
    // A render read under another stamp than the current one is not kept.
    if (stamp !== this.stamp) return;
    if (this.renders.size >= this.maxEntries) this.renders.clear();
    this.renders.set(`${locale}:${id}`, render);
  }

  clear(): void {
    this.renders.clear();
    this.stamp = "";
  }
}
