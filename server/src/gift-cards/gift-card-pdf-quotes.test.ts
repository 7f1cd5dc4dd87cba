import { describe, expect, it } from "vitest";
import { quotedMessage } from "./gift-card-pdf.ts";

describe("the gift card's quoted message (issue 32 item 12)", () => {
  it("uses «…» on a Russian card and „…“ on a German one", () => {
    expect(quotedMessage("ru", "С днём рождения!")).toBe("«С днём рождения!»");
    expect(quotedMessage("de", "Alles Gute!")).toBe("„Alles Gute!“");
  });
});
