import { describe, expect, it } from "vitest";
import { parseProfileSearch as parseTyped } from "./profile-tabs.ts";

// The router brands the input type; at runtime it is the parsed query object.
const parseProfileSearch = (search: Record<string, unknown>) => parseTyped(search as never);

describe("profile search params", () => {
  it("defaults to the visitors tab", () => {
    expect(parseProfileSearch({})).toEqual({ tab: "visitors" });
  });

  it("accepts the three tabs and falls back on anything else", () => {
    expect(parseProfileSearch({ tab: "sales" })).toEqual({ tab: "sales" });
    expect(parseProfileSearch({ tab: "workshops" })).toEqual({ tab: "workshops" });
    expect(parseProfileSearch({ tab: "admin" })).toEqual({ tab: "visitors" });
  });

  it("opens the history with the outcome on a gateway's return to the existing client's addresses", () => {
    expect(parseProfileSearch({ tab: "sales-success" })).toEqual({ tab: "sales", payment: "success" });
    expect(parseProfileSearch({ tab: "sales-fail" })).toEqual({ tab: "sales", payment: "fail" });
    expect(parseProfileSearch({ tab: "sales", payment: "success" })).toEqual({
      tab: "sales",
      payment: "success",
    });
    expect(parseProfileSearch({ tab: "visitors", payment: "success" })).toEqual({ tab: "visitors" });
    expect(parseProfileSearch({ tab: "sales", payment: "maybe" })).toEqual({ tab: "sales" });
  });
});
