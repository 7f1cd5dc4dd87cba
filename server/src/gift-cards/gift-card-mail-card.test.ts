import { describe, expect, it } from "vitest";
import { giftCardMailCard } from "./gift-cards.service.ts";

// 00:30 in Berlin on 1 January 2027 (winter time, UTC+1) is still 31 December 2026 in UTC.
const HALF_PAST_MIDNIGHT_BERLIN = new Date("2026-12-31T23:30:00Z");
const card = { code: "ACDE-FGHJ-KMNP-QRTU", initialCents: 5000, balanceCents: 5000 };

describe("a gift card's days in its mail are Berlin's (issue 33)", () => {
  it("names the Berlin day a card ends on, not the UTC day", () => {
    const mailed = giftCardMailCard({ ...card, expiresAt: HALF_PAST_MIDNIGHT_BERLIN }, null);
    expect(mailed.expiresOn).toBe("2027-01-01");
  });

  it("sends a card for the recipient today in Berlin when no day was chosen, at 00:30 Berlin time", () => {
    const mailed = giftCardMailCard(
      { ...card, expiresAt: new Date("2029-12-31T22:59:59Z") },
      {
        recipientName: "Mia",
        recipientEmail: "mia@example.org",
        message: "",
        deliverTo: "recipient",
        sendOn: null,
      },
      HALF_PAST_MIDNIGHT_BERLIN,
    );
    expect(mailed.sendOn).toBe("2027-01-01");
    expect(mailed.expiresOn).toBe("2029-12-31");
  });
});
