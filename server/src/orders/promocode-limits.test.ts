import { describe, expect, it } from "vitest";
import type { Tx } from "../db/index.ts";
import { codeUsedUp, promocodeUsedUp } from "./cart-shared.ts";
import type { PromocodeRow } from "./order.repository.ts";

const code = (limits: Partial<PromocodeRow>): PromocodeRow => ({
  id: 1,
  code: "SOMMER10",
  percentOff: 10,
  amountOffCents: null,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerUser: null,
  minTotalCents: 0,
  productTypes: [],
  isActive: true,
  createdAt: new Date("2026-01-01T00:00:00Z"),
  ...limits,
});

/** A transaction that fails any use: the code's redemptions must not be read. */
const untouched = new Proxy(
  {},
  {
    get() {
      throw new Error("the database was read");
    },
  },
) as Tx;

describe("a promocode's limits (D90, D470)", () => {
  it("a code without limits is never used up, and its redemptions are not counted", async () => {
    expect(await codeUsedUp(untouched, code({}), 7)).toBe(false);
    expect(await codeUsedUp(untouched, code({}), null)).toBe(false);
  });

  it("a limit is reached at its count, overall or by the user", () => {
    expect(promocodeUsedUp(code({ maxUses: 3 }), { total: 3, byUser: 0 })).toBe(true);
    expect(promocodeUsedUp(code({ maxUses: 3 }), { total: 2, byUser: 2 })).toBe(false);
    expect(promocodeUsedUp(code({ maxUsesPerUser: 1 }), { total: 50, byUser: 1 })).toBe(true);
    expect(promocodeUsedUp(code({ maxUsesPerUser: 1 }), { total: 50, byUser: 0 })).toBe(false);
    expect(promocodeUsedUp(code({ maxUses: 0 }), { total: 0, byUser: 0 })).toBe(true);
  });
});
