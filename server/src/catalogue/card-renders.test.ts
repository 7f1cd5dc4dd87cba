import type { Product } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { CardRenders, cardJson, renderCard } from "./card-renders.ts";

const slot = (id: number, seats: number, space: number) => ({
  id,
  weekday: 1,
  date: null,
  start: "16:00",
  end: "17:00",
  seats,
  space,
  instructor: null,
  instructor_name: null,
});

// Only the fields the renderer touches matter; the rest stands in for a card's texts.
const product = {
  id: 7,
  name: 'Malen "mit" Farbe \\ ünd 😀',
  schedule_slots: [slot(1, 8, 8), slot(2, 10, 10)],
  price_from: "79.00",
} as unknown as Product;

describe("card renders", () => {
  it("joins a card's pieces with seats left into exactly what JSON.stringify makes", () => {
    const render = renderCard(product);
    const taken = new Map([
      [1, 3],
      [2, 12],
    ]);
    const expected = { ...product, schedule_slots: [slot(1, 8, 5), slot(2, 10, 0)] };
    expect(cardJson(render, taken)).toBe(JSON.stringify(expected));
  });

  it("refuses seat counts for other slots than the render has", () => {
    const render = renderCard(product);
    expect(cardJson(render, new Map([[1, 0]]))).toBeUndefined();
    expect(
      cardJson(
        render,
        new Map([
          [1, 0],
          [3, 0],
        ]),
      ),
    ).toBeUndefined();
  });
});

describe("CardRenders", () => {
  it("keeps renders of one stamp and answers none for another", () => {
    const renders = new CardRenders();
    const render = renderCard(product);
    renders.forStamp("1|2026-11-24").set("1|2026-11-24", "de", 7, render);
    expect(renders.get("1|2026-11-24", "de", 7)).toBe(render);
    expect(renders.get("1|2026-11-24", "ru", 7)).toBeUndefined();
    // A render read under an older stamp is not kept, and a newer stamp drops the old renders.
    renders.set("0|2026-11-24", "de", 8, render);
    expect(renders.get("1|2026-11-24", "de", 8)).toBeUndefined();
    renders.forStamp("2|2026-11-24");
    expect(renders.get("1|2026-11-24", "de", 7)).toBeUndefined();
    expect(renders.get("2|2026-11-24", "de", 7)).toBeUndefined();
  });
});
