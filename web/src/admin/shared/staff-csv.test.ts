// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { adminI18n } from "../i18n/i18n-provider.ts";
import { referenceNames, staffRows } from "./staff-csv.ts";

const order = {
  id: 815,
  status: "paid",
  created_at: "2026-12-07T09:36:15.853Z",
  paid_at: null,
  parent: 12,
  parent_name: "Anna Muster",
  parent_email: "anna@example.org",
  children: ["Mila Muster", "Lew Muster"],
  products: ["Kleine Maler"],
  total_cents: 17010,
  gift_card_cents: 0,
  refunded_cents: 2500,
  payment_state: "partly_refunded",
  gateway: "paypal",
  locale: "ru",
};

describe("a list's export as staff read it in a spreadsheet (D590)", () => {
  it("names the columns as the screens do and writes codes, money and moments in words, in German", async () => {
    await adminI18n.changeLocale("de");
    const { header, rows } = staffRows([order], "orders");
    const cell = (label: string) => rows[0]?.[header.indexOf(label)];
    expect(header.slice(0, 4)).toEqual(["Nr.", "Status", "Angelegt", "Bezahlt am"]);
    expect(cell("Angelegt")).toBe("07.12.2026, 10:36");
    expect(cell("Betrag")).toBe("170,10\u00a0€");
    expect(cell("Zahlung")).toBe("Teilweise erstattet");
    expect(cell("Status")).toBe("Bezahlt");
    expect(cell("Kinder")).toBe("Mila Muster, Lew Muster");
    expect(cell("Bezahlt am")).toBe("");
    expect(header).not.toContain("version");
  });

  it("in Russian for a Russian-speaking staff member", async () => {
    await adminI18n.changeLocale("ru");
    const { header, rows } = staffRows([order], "orders");
    expect(header[0]).toBe("№");
    expect(rows[0]?.[header.indexOf("Статус")]).toBe("Оплачен");
    await adminI18n.changeLocale("de");
  });
});

describe("records named by id in an export", () => {
  it("names an option's offer and a page's instructors as their screens do, not by number", async () => {
    await adminI18n.changeLocale("de");
    const options = [
      { id: 3, product_page: 15, name: { de: "Einzelticket", ru: "Разовый билет" }, base_price_cents: 3500 },
      { id: 4, product_page: 99, name: { de: "Zehnerkarte", ru: "Карта на 10" }, base_price_cents: 9000 },
    ];
    const asked: string[] = [];
    const fetchRelated = async (resource: string, ids: number[]) => {
      asked.push(`${resource}:${ids.join(",")}`);
      return ids.includes(15) ? [{ id: 15, name: { de: "Linoldruck", ru: "Линогравюра" } }] : [];
    };
    const names = await referenceNames(options, fetchRelated, "ru");
    expect(asked).toEqual(["products:15,99"]);
    const { header, rows } = staffRows(options, "purchase-options", names);
    const offer = header.indexOf("Angebot");
    expect(offer).toBeGreaterThanOrEqual(0);
    expect(rows.map((row) => row[offer])).toEqual(["Линогравюра", "99"]);

    const people = async () => [
      { id: 7, first_name: "Olga", last_name: "Büro" },
      { id: 8, name: "Ines Lehrerin" },
    ];
    const page = [{ id: 1, instructors: [8, 7], handler: 7 }];
    const named = await referenceNames(page, people, "de");
    const row = staffRows(page, "products", named).rows[0];
    expect(row).toContain("Ines Lehrerin, Olga Büro");
    expect(row).toContain("Olga Büro");
  });

  it("reads the names of more than a hundred records in reads of a hundred, as the server takes them", async () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, product_page: i + 1 }));
    const sizes: number[] = [];
    const readMany = async (_resource: string, ids: number[]) => {
      sizes.push(ids.length);
      return ids.map((id) => ({ id, name: { de: `Angebot ${id}`, ru: `Предложение ${id}` } }));
    };
    const names = await referenceNames(rows, readMany, "de");
    expect(sizes).toEqual([100, 100, 50]);
    expect(names.product_page?.get(250)).toBe("Angebot 250");
  });
});
