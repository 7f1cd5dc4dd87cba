import { describe, expect, it } from "vitest";
import { matchPageRoute, PAGE_ROUTES, REDIRECTS } from "./routes.ts";

describe("page routes", () => {
  it("lists every route of spec §2, the birthday parties' page (D31), the § 312k cancellation page (D73), the waiting-list offer (D79) and the pages of mail links and instructors (D600)", () => {
    expect(PAGE_ROUTES).toHaveLength(33);
    expect(matchPageRoute("/pay/Ab_c-12")).toBe("payLink");
    expect(matchPageRoute("/absence/Ab_c-12")).toBe("absence");
    expect(matchPageRoute("/teaching")).toBe("teaching");
    expect(matchPageRoute("/birthday-parties")).toBe("birthdayParties");
    expect(matchPageRoute("/vertraege-kuendigen")).toBe("cancelContracts");
    expect(matchPageRoute("/waiting-list/offer/abc_DEF-123")).toBe("waitingListOffer");
  });
  it("matches static and parameterised paths, with or without a trailing slash", () => {
    expect(matchPageRoute("/")).toBe("home");
    expect(matchPageRoute("/legal/privacy/")).toBe("privacy");
    expect(matchPageRoute("/product/buy/12")).toBe("productBuy");
    expect(matchPageRoute("/product/painting-for-kids")).toBe("product");
    expect(matchPageRoute("/instructor/3")).toBe("instructor");
  });
  it("does not match unknown paths", () => {
    expect(matchPageRoute("/no-such-page")).toBeUndefined();
    expect(matchPageRoute("/product/1/2")).toBeUndefined();
    expect(matchPageRoute("/school-offers")).toBeUndefined();
  });
  it("redirects the footer's /school-offers to /school_offer", () => {
    expect(REDIRECTS["/school-offers"]).toBe("/school_offer");
  });
});
