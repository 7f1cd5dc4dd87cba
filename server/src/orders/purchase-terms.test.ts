import { billingPeriod } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { purchaseTerms } from "./purchase-terms.ts";

const house = {
  id: 1,
  name: "Atelier Prenzlauer Berg",
  street: "Kastanienallee 12",
  post_code: "10435",
  city: "Berlin",
  map_url: null,
};
const slot = (weekday: number | null, date: string | null = null) => ({
  id: 1,
  weekday,
  date,
  start: "16:00",
  end: "17:30",
});

describe("what a cart line buys, before paying (issue 24 item 3, D153)", () => {
  it("a monthly course: first open lesson day, the contract's period from it, the next payment after it, the house's address", () => {
    // Thursday 26 November 2026; the course meets on Wednesdays (2); 2 December is the first one.
    const terms = purchaseTerms(
      { slots: [slot(2)], weeks: [], house, closed: [] },
      true,
      7_110,
      "2026-11-26",
    );
    expect(terms).toEqual({
      house: { ...house, address: "Kastanienallee 12, 10435 Berlin" },
      first_lesson: "2026-12-02",
      period: { from: "2026-12-02", to: "2027-01-01" },
      next_payment: { on: "2027-01-02", amount: "71.10", amount_cents: 7_110 },
    });
  });

  it("skips a closed first day and lengthens the period by the closure, as the subscription will (one rule)", () => {
    const closed = [{ startsOn: "2026-12-23", endsOn: "2027-01-02" }];
    const terms = purchaseTerms(
      {
        slots: [slot(2)],
        weeks: [],
        house,
        closed: [...closed, { startsOn: "2026-12-02", endsOn: "2026-12-02" }],
      },
      true,
      7_900,
      "2026-11-26",
    );
    expect(terms.first_lesson).toBe("2026-12-09");
    expect(terms.period).toEqual(billingPeriod("2026-12-09", [...closed]));
    expect((terms.period?.to ?? "") > "2027-01-08").toBe(true);
    expect(terms.next_payment?.on).toBe(
      new Date(Date.parse(`${terms.period?.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    );
  });

  it("a workshop date or an academy week: the first chosen date, no period and no next payment; no house: null", () => {
    const workshop = purchaseTerms(
      { slots: [slot(null, "2027-01-20"), slot(null, "2026-12-12")], weeks: [], house: null, closed: [] },
      false,
      0,
      "2026-11-26",
    );
    expect(workshop).toEqual({ house: null, first_lesson: "2026-12-12", period: null, next_payment: null });
    const academy = purchaseTerms(
      {
        slots: [],
        weeks: [
          { id: 2, starts_on: "2027-07-12", ends_on: "2027-07-16" },
          { id: 1, starts_on: "2027-07-05", ends_on: "2027-07-09" },
        ],
        house,
        closed: [],
      },
      false,
      0,
      "2026-11-26",
    );
    expect(academy.first_lesson).toBe("2027-07-05");
    expect(academy.period).toBeNull();
    const giftCard = purchaseTerms({ slots: [], weeks: [], house: null, closed: [] }, false, 0, "2026-11-26");
    expect(giftCard.first_lesson).toBeNull();
  });
});
