// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { historyItem } from "../../../test/history-item.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { CalendarDownload, ItemDocuments } from "./item-documents.tsx";

describe("the calendar button (issue 24)", () => {
  for (const [locale, visible, name] of [
    [
      "de",
      "Kalenderdatei herunterladen (.ics)",
      "Kalenderdatei herunterladen (.ics): alle Termine von Mila Berg",
    ],
    [
      "ru",
      "Скачать файл календаря (.ics)",
      "Скачать файл календаря (.ics) со всеми занятиями. Ребёнок: Mila Berg",
    ],
  ] as const) {
    it(`says it downloads a calendar file, and whose (${locale})`, () => {
      renderInLocale(<CalendarDownload visitorId={4} name="Mila Berg" />, locale);
      const button = screen.getByRole("button", { name });
      // The spoken name begins with the words on screen, so a voice user can say what they see.
      expect(button.textContent).toBe(visible);
      expect(name.startsWith(visible)).toBe(true);
    });
  }
});

describe("the school's refunds of an item (D130)", () => {
  const item = historyItem({
    refunds: [
      {
        id: 5,
        created_at: "2027-03-10T09:00:00.000Z",
        amount_cents: 3950,
        gift_card_cents: 0,
        refund_state: "completed",
        refunded_at: "2027-03-10T09:00:01.000Z",
        cancelled: false,
        credit_note_number: "GS-2027-000004",
      },
      {
        id: 6,
        created_at: "2027-03-12T09:00:00.000Z",
        amount_cents: 0,
        gift_card_cents: 0,
        refund_state: "none",
        refunded_at: null,
        cancelled: true,
        credit_note_number: null,
      },
    ],
  });

  it("shows each refund with its amount and credit note, and a cancellation without money (de)", () => {
    renderInLocale(<ItemDocuments item={item} />, "de");
    expect(screen.getByTestId("school-refund-5").textContent).toMatch(
      /^Erstattung durch die Schule am .*10\. März 2027 · 39,50\s€ erstattet$/,
    );
    expect(screen.getByRole("button", { name: "Gutschrift GS-2027-000004 (PDF)" })).toBeTruthy();
    expect(screen.getByTestId("school-refund-6").textContent).toMatch(
      /^Von der Schule storniert am .*12\. März 2027$/,
    );
  });

  it("says the same in Russian", () => {
    renderInLocale(<ItemDocuments item={item} />, "ru");
    expect(screen.getByTestId("school-refund-5").textContent).toMatch(
      /^Школа оформила возврат .*10 мар\. 2027 г\. · Возвращено 39,50\s€$/,
    );
    expect(screen.getByTestId("school-refund-6").textContent).toMatch(
      /^Школа отменила бронирование .*12 мар\. 2027/,
    );
  });
});

describe("a cancelled booking's line: policy cancellation or withdrawal (D179)", () => {
  const record = {
    id: 9,
    created_at: "2027-03-05T09:00:00.000Z",
    refund_cents: 4500,
    gift_card_cents: 0,
    refund_state: "completed" as const,
    refunded_at: "2027-03-05T09:00:02.000Z",
    credit_note_number: "GS-2027-000009",
  };
  const workshop = historyItem({
    id: 31,
    state: "cancelled",
    product_page: { ...historyItem().product_page, name: "Töpfern", product_type: "Workshop" },
    refund_until: "2027-03-06",
    withdrawal: { ...record, kind: "cancellation" },
  });
  const course = historyItem({ id: 32, state: "cancelled", withdrawal: { ...record, kind: "withdrawal" } });

  it("reads a workshop cancelled within its refund policy as cancelled and refunded (de)", () => {
    renderInLocale(<ItemDocuments item={workshop} />, "de");
    const line = screen.getByTestId("withdrawal-31").textContent ?? "";
    expect(line).toMatch(/^Storniert am .*5\. März 2027 · 45\s€ erstattet$/);
    expect(line).not.toMatch(/widerruf/i);
  });

  it("says the same in Russian", () => {
    renderInLocale(<ItemDocuments item={workshop} />, "ru");
    const line = screen.getByTestId("withdrawal-31").textContent ?? "";
    expect(line).toMatch(/^Отменено .*5 мар\. 2027 г\. · Возвращено 45\s€$/);
    expect(line).not.toMatch(/отказ/i);
  });

  it("keeps the withdrawal's wording for a § 355 withdrawal of a course (de, ru)", () => {
    renderInLocale(<ItemDocuments item={course} />, "de");
    expect(screen.getByTestId("withdrawal-32").textContent).toMatch(/^Widerrufen am .*5\. März 2027 · /);
  });

  it("keeps it in Russian", () => {
    renderInLocale(<ItemDocuments item={course} />, "ru");
    expect(screen.getByTestId("withdrawal-32").textContent).toMatch(/^Отказ оформлен .*5 мар\. 2027/);
  });
});

describe("a refund a gift card paid part of (D579)", () => {
  // 89 € paid: 20 € by gift card, back on it at once; 69 € by PayPal, still on its way.
  const withdrawal = {
    id: 12,
    kind: "withdrawal" as const,
    created_at: "2027-03-05T09:00:00.000Z",
    refund_cents: 8900,
    gift_card_cents: 2000,
    refund_state: "pending" as const,
    refunded_at: null,
    credit_note_number: "GS-2027-000012",
  };
  const refund = {
    id: 7,
    created_at: "2027-03-10T09:00:00.000Z",
    amount_cents: 3000,
    gift_card_cents: 1000,
    refund_state: "failed" as const,
    refunded_at: null,
    cancelled: false,
    credit_note_number: "GS-2027-000013",
  };
  const item = historyItem({ id: 51, state: "cancelled", withdrawal, refunds: [refund] });

  it("names the card's part as back on the card and only the rest as on its way (de)", () => {
    renderInLocale(<ItemDocuments item={item} />, "de");
    expect(screen.getByTestId("withdrawal-51").textContent).toMatch(
      /· 20\s€ dem Gutschein gutgeschrieben · Erstattung von 69\s€ in Bearbeitung$/,
    );
    expect(screen.getByTestId("school-refund-7").textContent).toMatch(
      /· 10\s€ dem Gutschein gutgeschrieben · Erstattung von 20\s€: wir melden uns bei Ihnen$/,
    );
  });

  it("says the same in Russian", () => {
    renderInLocale(<ItemDocuments item={item} />, "ru");
    expect(screen.getByTestId("withdrawal-51").textContent).toMatch(
      /· 20\s€ зачислено на сертификат · Возврат 69\s€ в обработке$/,
    );
  });

  it("reads a refund wholly onto the card, or one from the version before, as one sum", () => {
    const onCard = { ...withdrawal, gift_card_cents: 8900, refund_state: "none" as const };
    const older: Partial<typeof withdrawal> = { ...withdrawal };
    delete older.gift_card_cents;
    renderInLocale(
      <ItemDocuments item={historyItem({ id: 52, state: "cancelled", withdrawal: onCard })} />,
      "de",
    );
    expect(screen.getByTestId("withdrawal-52").textContent).toMatch(/· 89\s€ dem Gutschein gutgeschrieben$/);
    renderInLocale(
      <ItemDocuments
        item={historyItem({ id: 53, state: "cancelled", withdrawal: older as typeof withdrawal })}
      />,
      "de",
    );
    expect(screen.getByTestId("withdrawal-53").textContent).toMatch(/· Erstattung von 89\s€ in Bearbeitung$/);
  });
});

describe("a contract's months after the first (D556)", () => {
  const subscription = {
    contract_number: "K7QM-3XHD-9PRA",
    period_start: "2027-03-15T00:00:00.000Z",
    paid_until: "2027-04-15T00:00:00.000Z",
    ends_at: null,
    paid_through: "2027-04-14",
    ends_on: null,
    autopay: "active" as const,
    monthly_price_cents: 7900,
    month_invoices: [
      { number: "RE-2027-000120", from: "2027-02-15", to: "2027-03-14", amount_cents: 7900 },
      { number: "RE-2027-000311", from: "2027-03-15", to: "2027-04-14", amount_cents: 7900 },
    ],
  };
  const item = historyItem({ id: 41, subscription });

  it("lists each month's invoice, newest first, folded, and downloads it by its number (de)", async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response("", { status: 404 }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      renderInLocale(<ItemDocuments item={item} />, "de");
      const list = screen.getByTestId("month-invoices-41");
      expect(list.tagName).toBe("DETAILS");
      fireEvent.click(screen.getByText("Rechnungen der weiteren Monate (2)"));
      const buttons = within(list).getAllByRole("button");
      expect(buttons.map((button) => button.textContent)).toEqual([
        "Rechnung 15.03.2027 – 14.04.2027 (PDF)",
        "Rechnung 15.02.2027 – 14.03.2027 (PDF)",
      ]);
      fireEvent.click(buttons[1] as HTMLElement);
      await screen.findByRole("alert");
      expect(String(fetchMock.mock.calls[0]?.[0])).toContain("/api/v2/invoices/RE-2027-000120/pdf/");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("says the same in Russian, and nothing for a contract in its first month", () => {
    renderInLocale(<ItemDocuments item={item} />, "ru");
    expect(screen.getByText("Счета за последующие месяцы (2)")).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Счёт за период с 15.03.2027 по 14.04.2027 (PDF)" }),
    ).toBeTruthy();
    const first = historyItem({ id: 42, subscription: { ...subscription, month_invoices: [] } });
    renderInLocale(<ItemDocuments item={first} />, "ru");
    expect(screen.queryByTestId("month-invoices-42")).toBeNull();
  });
});

describe("an item's other credit notes (D567)", () => {
  // The order refunded in the payment service's dashboard: its credit note, with no refund line of its own.
  const item = historyItem({
    id: 43,
    credit_notes: [{ number: "GS-2027-000009", issued_on: "2027-04-02", amount_cents: 7950 }],
  });

  it("lists each with its day and amount, and downloads it by its number (de)", async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response("", { status: 404 }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      renderInLocale(<ItemDocuments item={item} />, "de");
      const button = screen.getByRole("button", {
        name: /^Gutschrift GS-2027-000009 vom 02\.04\.2027 über 79,50\s€ \(PDF\)$/,
      });
      fireEvent.click(button);
      await screen.findByRole("alert");
      expect(String(fetchMock.mock.calls[0]?.[0])).toContain("/api/v2/invoices/GS-2027-000009/pdf/");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows the rest when an instance of the version before answers without them (an upgrade)", () => {
    const older = historyItem({ id: 44 }) as Partial<typeof item>;
    delete older.credit_notes;
    renderInLocale(<ItemDocuments item={older as typeof item} />, "de");
    expect(screen.getByTestId("invoice-pdf-44")).toBeTruthy();
  });

  it("says the same in Russian", () => {
    renderInLocale(<ItemDocuments item={item} />, "ru");
    expect(
      screen.getByRole("button", {
        name: /^Кредит-нота GS-2027-000009 от 02\.04\.2027 на сумму 79,50\s€ \(PDF\)$/,
      }),
    ).toBeTruthy();
  });
});
