import { describe, expect, it } from "vitest";
import {
  ageGroupsForAge,
  bookingAgeDay,
  bookingAgeRefusal,
  centsToDecimal,
  INSTRUCTION_LANGUAGES,
  instructionLanguagesMatching,
  PRODUCT_PAGE_SIZE_DEFAULT,
  PRODUCT_TYPES,
  ProductListQuerySchema,
  parseProductListQuery,
} from "./catalogue.ts";
import { AppointmentDateSchema, ContactPartnershipSchema } from "./contact.ts";
import { NUMBER_INPUT_MAX } from "./rules/constants.ts";
import { berlinDate, todayInBerlin } from "./rules/dates.ts";
import { isVatExempt } from "./rules/vat.ts";

const codes = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe("age groups", () => {
  it("matches a child's age against the groups' ranges", () => {
    expect(ageGroupsForAge(4)).toEqual([]);
    expect(ageGroupsForAge(5)).toEqual(["5-7"]);
    expect(ageGroupsForAge(7)).toEqual(["5-7"]);
    expect(ageGroupsForAge(8)).toEqual(["8-11"]);
    expect(ageGroupsForAge(10)).toEqual(["8-11", "10+"]);
    expect(ageGroupsForAge(11)).toEqual(["8-11", "10+"]);
    expect(ageGroupsForAge(12)).toEqual(["10+", "12+"]);
    expect(ageGroupsForAge(14)).toEqual(["10+", "12+", "14+"]);
  });
});

describe("language of instruction", () => {
  it("finds bilingual offers under each language a parent chooses", () => {
    expect(instructionLanguagesMatching("ru").sort()).toEqual(["bi", "de-ru", "ru", "ru-en"]);
    expect(instructionLanguagesMatching("de").sort()).toEqual(["bi", "de", "de-en", "de-ru"]);
    expect(instructionLanguagesMatching("en").sort()).toEqual(["de-en", "en", "ru-en"]);
  });

  it("keeps a bilingual code exact", () => {
    for (const code of INSTRUCTION_LANGUAGES.filter((l) => !["de", "ru", "en"].includes(l))) {
      expect(instructionLanguagesMatching(code)).toEqual([code]);
    }
  });
});

describe("money", () => {
  it("writes cents as the Django REST decimal string", () => {
    expect(centsToDecimal(7900)).toBe("79.00");
    expect(centsToDecimal(1)).toBe("0.01");
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(-250)).toBe("-2.50");
  });
});

describe("product list query", () => {
  it("parses filters and defaults", () => {
    const query = ProductListQuerySchema.parse({
      product_type: "Course, Workshop,Course",
      age: "8",
      weekday: "0",
    });
    expect(parseProductListQuery(query)).toEqual({
      productTypes: ["Course", "Workshop"],
      age: 8,
      weekday: 0,
      page: 1,
      pageSize: PRODUCT_PAGE_SIZE_DEFAULT,
    });
    expect(parseProductListQuery(ProductListQuerySchema.parse({ q: "   " })).q).toBeUndefined();
  });
  it("names bad values with stable codes", () => {
    expect(codes(ProductListQuerySchema.safeParse({ product_type: "Course,Nope" }))).toEqual([
      "invalid_choice",
    ]);
    expect(codes(ProductListQuerySchema.safeParse({ age: "x" }))).toEqual(["invalid"]);
    expect(codes(ProductListQuerySchema.safeParse({ page_size: "101" }))).toEqual(["too_big"]);
    expect(codes(ProductListQuerySchema.safeParse({ weekday: "7" }))).toEqual(["invalid_choice"]);
  });
});

describe("contact forms", () => {
  it("accepts today and later in Berlin, rejects the past and impossible dates", () => {
    expect(AppointmentDateSchema.safeParse(todayInBerlin()).success).toBe(true);
    expect(codes(AppointmentDateSchema.safeParse("2001-01-01"))).toEqual(["date_in_past"]);
    expect(codes(AppointmentDateSchema.safeParse("2999-02-29"))).toEqual(["invalid_date"]);
    expect(codes(AppointmentDateSchema.safeParse("01.01.2999"))).toEqual(["invalid_date"]);
  });
  it("computes Berlin's date across midnight UTC", () => {
    expect(todayInBerlin(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
    expect(todayInBerlin(new Date("2026-12-31T22:59:00Z"))).toBe("2026-12-31");
  });
  it("dates an instant by Berlin's calendar (an invoice issued at 00:30 on New Year's Day belongs to the new year)", () => {
    expect(berlinDate(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(berlinDate(new Date("2026-03-29T00:30:00Z"))).toBe("2026-03-29");
  });
  it("defaults optional texts to empty strings", () => {
    const parsed = ContactPartnershipSchema.parse({
      first_name: "Anna",
      last_name: "Schmidt",
      email: "anna@example.org",
      phone: "+4915112345678",
    });
    expect(parsed).toMatchObject({ message: "", position: "" });
  });
});

describe("one rule for web and server", () => {
  it("age filter: the number input's bounds, 1 to 100", () => {
    expect(ProductListQuerySchema.safeParse({ age: "1" }).success).toBe(true);
    expect(ProductListQuerySchema.safeParse({ age: String(NUMBER_INPUT_MAX) }).success).toBe(true);
    expect(codes(ProductListQuerySchema.safeParse({ age: "101" }))).toEqual(["too_big"]);
    expect(codes(ProductListQuerySchema.safeParse({ age: "0" }))).toEqual(["too_small"]);
  });

  it("VAT: education services are exempt, the other offers include VAT", () => {
    expect(PRODUCT_TYPES.filter(isVatExempt)).toEqual(["Course", "Academy", "Workshop", "SchoolOffer"]);
  });
});

describe("bookingAgeRefusal: one age rule on one day (D295)", () => {
  const born = "2017-03-01"; // 9 until 2027-02-28
  const today = "2026-11-28";
  it("takes the first academy week, else the first dated session, else today", () => {
    expect(
      bookingAgeDay({ weekStarts: ["2027-04-05", "2027-03-29"], slotDates: ["2027-01-01"] }, today),
    ).toEqual({
      day: "2027-03-29",
      code: "child_age_week",
    });
    expect(bookingAgeDay({ weekStarts: [], slotDates: [null, "2027-02-01", "2027-01-10"] }, today)).toEqual({
      day: "2027-01-10",
      code: "child_age_date",
    });
    expect(bookingAgeDay({ weekStarts: [], slotDates: [null] }, today)).toEqual({
      day: today,
      code: "child_age_today",
    });
  });
  it("refuses on that day only: 9 on the first session, 10 on a later one", () => {
    expect(bookingAgeRefusal(born, "10+", { weekStarts: [], slotDates: ["2027-02-28"] }, today)).toEqual({
      code: "child_age_date",
      age: 9,
      day: "2027-02-28",
    });
    expect(bookingAgeRefusal(born, "10+", { weekStarts: [], slotDates: ["2027-03-01"] }, today)).toBeNull();
    expect(bookingAgeRefusal(born, "10+", { weekStarts: [], slotDates: [] }, today)).toMatchObject({
      age: 9,
    });
    expect(bookingAgeRefusal(born, "8-11", { weekStarts: [], slotDates: [] }, today)).toBeNull();
  });
});
