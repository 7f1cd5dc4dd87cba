/** Demo promotions; codes are shown in the demo and must be retired before going live. */
export const PROMOCODES = [
  {
    code: "WELCOME10",
    percentOff: 10,
    validFrom: new Date("2026-01-01T00:00:00+01:00"),
    validUntil: new Date("2027-12-31T23:59:59+01:00"),
    maxUses: 1000,
  },
  {
    // 15 € off a booking of at least 100 € of holiday academies or workshops.
    code: "FERIEN15",
    amountOffCents: 1500,
    minTotalCents: 10000,
    productTypes: ["Academy" as const, "Workshop" as const],
    validFrom: new Date("2026-01-01T00:00:00+01:00"),
    validUntil: new Date("2027-12-31T23:59:59+01:00"),
    maxUses: 200,
    maxUsesPerUser: 1,
  },
];

export const GIFT_CARDS = [
  { code: "DEMO-GIFT-2027", initialCents: 5000, expiresAt: new Date("2027-12-31T23:59:59+01:00") },
];

/** The staff user's name; e-mail and password come from the caller. */
export const STAFF_USER = { firstName: "Mila", lastName: "Schulz" } as const;
