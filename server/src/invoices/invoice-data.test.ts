import { describe, expect, it } from "vitest";
import type { BillingDetails } from "../db/schema/index.ts";
import {
  buildInvoiceData,
  creditedVatCents,
  type DocumentItem,
  describeBooking,
  documentVatCents,
  includedVatCents,
  invoiceBuyer,
  invoiceLine,
  itemPeriod,
  nextWeekday,
  vatTreatment,
} from "./invoice-data.ts";

// 2026-03-02 is a Monday.
const TODAY = "2026-03-02";

const item = (overrides: Partial<DocumentItem>): DocumentItem => ({
  productType: "Course",
  pageName: "Kleine Maler",
  optionName: "Abo: 1 × pro Woche, monatlich",
  visitorFirstName: "Mila",
  visitorLastName: "Muster",
  calculatedPriceCents: 7900,
  siblingDiscountCents: 0,
  promocodeDiscountCents: 0,
  recurrentPriceCents: 7900,
  slots: [],
  weeks: [],
  numberOfMeetings: null,
  place: "Kastanienallee 12, 10435 Berlin",
  ...overrides,
});

const weeklyTuesday = { weekday: 1, date: null, start: "16:00", end: "17:30" };
const course = item({ slots: [weeklyTuesday] });
const workshop = item({
  productType: "Workshop",
  pageName: "Töpfern",
  optionName: "Ticket",
  recurrentPriceCents: 0,
  calculatedPriceCents: 4500,
  slots: [{ weekday: null, date: "2026-04-18", start: "15:00", end: "18:00" }],
});
const academy = item({
  productType: "Academy",
  pageName: "Ferienakademie",
  optionName: "Ganztags",
  recurrentPriceCents: 0,
  calculatedPriceCents: 57800,
  siblingDiscountCents: 1000,
  promocodeDiscountCents: 2000,
  weeks: [
    { starts_on: "2026-07-13", ends_on: "2026-07-17" },
    { starts_on: "2026-07-06", ends_on: "2026-07-10" },
  ],
});
const giftCard = item({
  productType: "GiftCard",
  pageName: "Gutschein",
  optionName: "",
  visitorFirstName: null,
  visitorLastName: null,
  recurrentPriceCents: 0,
  calculatedPriceCents: 5000,
  place: null,
});

const PROFILE: BillingDetails = {
  first_name: "Eva",
  last_name: "Muster",
  email: "eva@example.org",
  phone_number: "+4930123456",
  company_name: "",
  street: "Profilweg 1",
  post_code: "10115",
  city: "Berlin",
  country: "DE",
};

describe("the invoice's buyer", () => {
  it("is the billing data of the checkout, whole, with the profile's contact where it has none", () => {
    const billing = { ...PROFILE, first_name: "Ольга", street: "", email: "", phone_number: "" };
    expect(invoiceBuyer({ billing, profile: PROFILE })).toEqual({
      ...billing,
      email: "eva@example.org",
      phone_number: "+4930123456",
    });
  });

  it("is the profile without billing data, and empty fields without either", () => {
    expect(invoiceBuyer({ billing: null, profile: PROFILE })).toEqual(PROFILE);
    expect(invoiceBuyer({ billing: null, profile: null }).first_name).toBe("");
  });
});

describe("the service period", () => {
  it("finds the next lesson on a weekday", () => {
    expect(nextWeekday(TODAY, 0)).toBe("2026-03-02");
    expect(nextWeekday(TODAY, 1)).toBe("2026-03-03");
    expect(nextWeekday("2026-03-04", 1)).toBe("2026-03-10");
  });

  it("covers a subscription's first month from its first lesson", () => {
    expect(itemPeriod(course, TODAY)).toEqual({ from: "2026-03-03", to: "2026-04-02" });
    // From Saturday the 31st a month runs to the 28th of February (its last day), so the first month ends on the 27th.
    expect(itemPeriod(item({ slots: [{ ...weeklyTuesday, weekday: 5 }] }), "2026-01-31")).toEqual({
      from: "2026-01-31",
      to: "2026-02-27",
    });
  });

  it("covers a meeting card's meetings at the booked weekly time, up to its last meeting", () => {
    const card = item({ recurrentPriceCents: 0, numberOfMeetings: 10, slots: [weeklyTuesday] });
    expect(itemPeriod(card, TODAY)).toEqual({ from: "2026-03-03", to: "2026-05-05" });
  });

  it("moves a meeting card's last meeting past the course's closed days (D548)", () => {
    const card = item({ recurrentPriceCents: 0, numberOfMeetings: 10, slots: [weeklyTuesday] });
    // The Easter holidays close two Tuesdays inside the card's ten weeks: its tenth meeting is two weeks on.
    const easter = [{ startsOn: "2026-03-30", endsOn: "2026-04-10" }];
    expect(itemPeriod(card, TODAY, easter)).toEqual({ from: "2026-03-03", to: "2026-05-19" });
    // A closed first Tuesday moves the first meeting and so the last.
    const firstClosed = [{ startsOn: "2026-03-03", endsOn: "2026-03-03" }];
    expect(itemPeriod(card, TODAY, firstClosed)).toEqual({ from: "2026-03-10", to: "2026-05-12" });
    // Two times a week: ten meetings in five weeks, the last on the fifth Thursday.
    const twice = item({
      recurrentPriceCents: 0,
      numberOfMeetings: 10,
      slots: [weeklyTuesday, { ...weeklyTuesday, weekday: 3 }],
    });
    expect(itemPeriod(twice, TODAY)).toEqual({ from: "2026-03-03", to: "2026-04-02" });
  });

  it("is the dates of dated sessions and academy weeks, and none for a gift card", () => {
    expect(itemPeriod(workshop, TODAY)).toEqual({ from: "2026-04-18", to: "2026-04-18" });
    expect(itemPeriod(academy, TODAY)).toEqual({ from: "2026-07-06", to: "2026-07-17" });
    expect(itemPeriod(giftCard, TODAY)).toBeNull();
  });
});

describe("invoice lines", () => {
  it("describe what was booked in the order's locale", () => {
    expect(describeBooking(course, "de", TODAY)).toBe(
      "Dienstag 16:00–17:30 (wöchentlich); erster Monat: 03.03.2026–02.04.2026",
    );
    expect(describeBooking(course, "ru", TODAY)).toBe(
      "вторник 16:00–17:30 (еженедельно); первый месяц: 03.03.2026–02.04.2026",
    );
    expect(describeBooking(workshop, "de", TODAY)).toBe("18.04.2026, 15:00–18:00");
    expect(describeBooking(academy, "ru", TODAY)).toBe("13.07.2026–17.07.2026; 06.07.2026–10.07.2026");
    expect(describeBooking(giftCard, "de", TODAY)).toBe("");
  });

  it("carry list price, discounts, total and whether the product type is VAT-exempt", () => {
    const data = buildInvoiceData({
      locale: "de",
      buyer: { billing: null, profile: PROFILE },
      items: [course, workshop, academy, giftCard],
      giftCardCents: 1500,
      paymentReference: "PayPal 5XJ1",
      today: TODAY,
    });
    expect(data.lines.map((l) => [l.name, l.visitorName, l.place, l.vatExempt])).toEqual([
      [
        "Kleine Maler – Abo: 1 × pro Woche, monatlich",
        "Mila Muster",
        "Kastanienallee 12, 10435 Berlin",
        true,
      ],
      ["Töpfern – Ticket", "Mila Muster", "Kastanienallee 12, 10435 Berlin", true],
      ["Ferienakademie – Ganztags", "Mila Muster", "Kastanienallee 12, 10435 Berlin", true],
      ["Gutschein", null, null, false],
    ]);
    expect(data.lines[2]).toMatchObject({ listCents: 57800, discountCents: 3000, totalCents: 54800 });
    expect(data).toMatchObject({
      locale: "de",
      totalCents: 7900 + 4500 + 54800 + 5000,
      giftCardCents: 1500,
      serviceFrom: "2026-03-03",
      serviceTo: "2026-07-17",
      paymentReference: "PayPal 5XJ1",
    });
    expect(data.buyer).toEqual(PROFILE);
  });

  it("has no service period when nothing booked has a date", () => {
    const data = buildInvoiceData({
      locale: "ru",
      buyer: { billing: null, profile: null },
      items: [giftCard],
      giftCardCents: 0,
      paymentReference: null,
      today: TODAY,
    });
    expect([data.serviceFrom, data.serviceTo]).toEqual([null, null]);
  });
});

describe("included VAT", () => {
  it("is 19/119 of the gross amount, to the cent", () => {
    expect(includedVatCents(11900)).toBe(1900);
    expect(includedVatCents(2500)).toBe(399);
    expect(includedVatCents(0)).toBe(0);
  });
});

describe("a credit note's share of its line's VAT (D639)", () => {
  it("states what all the notes refunded carry of VAT, less what the earlier ones reversed", () => {
    // Three thirds of 10,20 €: 0,54 + 0,55 + 0,54 = 1,63 €, the invoice's VAT (each rounding its own: 1,62 €).
    expect(creditedVatCents({ grossCents: 0, vatCents: 0 }, 340)).toBe(54);
    expect(creditedVatCents({ grossCents: 340, vatCents: 54 }, 340)).toBe(55);
    expect(creditedVatCents({ grossCents: 680, vatCents: 109 }, 340)).toBe(54);
  });

  it("never states a negative VAT after notes that each rounded their own (issued before D639)", () => {
    // Two old notes of 4 ct stated 1 ct each; 1 ct more: V(9 ct) = 1 ct, less 2 ct reversed.
    expect(creditedVatCents({ grossCents: 8, vatCents: 2 }, 1)).toBe(0);
  });
});

describe("a gift card's line (D283)", () => {
  it("is a multi-purpose voucher: no VAT at sale, and none counted in the document's VAT", () => {
    const line = invoiceLine(giftCard, "de", TODAY);
    expect(line.voucher).toBe(true);
    expect(vatTreatment(line)).toBe("voucher");
    expect(documentVatCents([line])).toBe(0);
    expect(invoiceLine(course, "de", TODAY).voucher).toBeUndefined();
    // A line issued before D283 keeps what it printed.
    expect(vatTreatment({ vatExempt: false })).toBe("taxed");
  });
});
