import type { Locale } from "@atelier/contract";
import type { InvoiceKind } from "./invoices.repository.ts";

/** The words of an invoice PDF in the invoice's locale. */
export type InvoiceTexts = {
  title: Record<InvoiceKind, string>;
  number: Record<InvoiceKind, string>;
  issueDate: Record<InvoiceKind, string>;
  orderNumber: string;
  servicePeriod: string;
  /** When nothing booked has a date (a gift card): the service is rendered on the day of issue. */
  serviceOnIssueDate: string;
  payment: string;
  /** A credit note's reference to the invoice it corrects (§ 14(4) and § 31(5) UStG): "zur Rechnung Nr. … vom …". */
  corrects: string;
  correctsInvoice: (number: string, date: string | null) => string;
  seller: string;
  buyer: string;
  taxId: string;
  position: string;
  service: string;
  quantity: string;
  listPrice: string;
  discount: string;
  amount: string;
  participant: string;
  place: string;
  contractNumber: string;
  total: Record<InvoiceKind, string>;
  giftCard: string;
  paid: string;
  vatIncluded: (percent: number, amount: string) => string;
  vatSummary: (percent: number, net: string, vat: string) => string;
  exemptSummary: (amount: string) => string;
  /** A gift card's line and summary: a multi-purpose voucher's sale carries no VAT (§ 3 Abs. 15 UStG, D283). */
  voucherNote: string;
  voucherSummary: (amount: string) => string;
  paidNote: (reference: string | null) => string;
  page: (n: number, of: number) => string;
};

export const INVOICE_TEXTS: Record<Locale, InvoiceTexts> = {
  de: {
    title: { invoice: "Rechnung", credit_note: "Gutschrift / Rechnungskorrektur" },
    number: { invoice: "Rechnungsnummer", credit_note: "Gutschriftsnummer" },
    issueDate: { invoice: "Rechnungsdatum", credit_note: "Gutschriftsdatum" },
    orderNumber: "Bestellnummer",
    servicePeriod: "Leistungszeitraum",
    serviceOnIssueDate: "Leistungsdatum entspricht dem Rechnungsdatum",
    payment: "Zahlung",
    corrects: "Bezug",
    correctsInvoice: (number, date) =>
      date ? `zur Rechnung Nr. ${number} vom ${date}` : `zur Rechnung Nr. ${number}`,
    seller: "Rechnungssteller",
    buyer: "Rechnungsempfänger",
    taxId: "Steuernummer / USt-IdNr.",
    position: "Pos.",
    service: "Leistung",
    quantity: "Menge",
    listPrice: "Preis",
    discount: "Rabatt",
    amount: "Betrag",
    participant: "Teilnehmer/in",
    place: "Ort",
    contractNumber: "Vertragsnummer",
    total: { invoice: "Gesamtbetrag", credit_note: "Erstattungsbetrag" },
    giftCard: "davon mit Gutschein bezahlt",
    paid: "Zahlbetrag",
    vatIncluded: (percent, amount) => `enthält ${percent} % USt: ${amount}`,
    vatSummary: (percent, net, vat) => `Nettobetrag zu ${percent} %: ${net}, darin enthaltene USt: ${vat}`,
    exemptSummary: (amount) => `Umsatzsteuerfreie Leistungen: ${amount}`,
    voucherNote: "Mehrzweck-Gutschein (§ 3 Abs. 15 UStG): keine Umsatzsteuer beim Verkauf",
    voucherSummary: (amount) =>
      `Mehrzweck-Gutscheine (§ 3 Abs. 15 UStG): ${amount}. Der Verkauf unterliegt nicht der Umsatzsteuer; sie entsteht erst, wenn der Gutschein für eine steuerpflichtige Leistung eingelöst wird.`,
    paidNote: (reference) =>
      reference
        ? `Der Betrag wurde bereits bezahlt (${reference}). Vielen Dank!`
        : "Der Betrag wurde bereits beglichen. Vielen Dank!",
    page: (n, of) => `Seite ${n} von ${of}`,
  },
  ru: {
    title: { invoice: "Счёт", credit_note: "Кредит-нота (корректировка счёта)" },
    number: { invoice: "Номер счёта", credit_note: "Номер кредит-ноты" },
    issueDate: { invoice: "Дата счёта", credit_note: "Дата кредит-ноты" },
    orderNumber: "Номер заказа",
    servicePeriod: "Период оказания услуг",
    serviceOnIssueDate: "Дата оказания услуги совпадает с датой счёта",
    payment: "Оплата",
    corrects: "Основание",
    correctsInvoice: (number, date) => (date ? `к счёту № ${number} от ${date}` : `к счёту № ${number}`),
    seller: "Продавец",
    buyer: "Покупатель",
    taxId: "Налоговый номер / USt-IdNr.",
    position: "№",
    service: "Услуга",
    quantity: "Кол-во",
    listPrice: "Цена",
    discount: "Скидка",
    amount: "Сумма",
    participant: "Участник",
    place: "Место",
    contractNumber: "Номер договора",
    total: { invoice: "Итого", credit_note: "Сумма возврата" },
    giftCard: "из них оплачено подарочным сертификатом",
    paid: "Сумма платежа",
    vatIncluded: (percent, amount) => `включает НДС (USt) ${percent} %: ${amount}`,
    vatSummary: (percent, net, vat) => `Сумма без НДС по ставке ${percent} %: ${net}, НДС: ${vat}`,
    exemptSummary: (amount) => `Услуги, освобождённые от НДС: ${amount}`,
    voucherNote: "Многоцелевой сертификат (§ 3 Abs. 15 UStG): при продаже НДС не взимается",
    voucherSummary: (amount) =>
      `Многоцелевые подарочные сертификаты (§ 3 Abs. 15 UStG): ${amount}. Продажа сертификата не облагается НДС; налог возникает, когда сертификатом оплачивают облагаемую услугу.`,
    paidNote: (reference) =>
      reference ? `Сумма уже оплачена (${reference}). Спасибо!` : "Сумма уже оплачена. Спасибо!",
    page: (n, of) => `Страница ${n} из ${of}`,
  },
};

/** A credit note's note on money given back by the school (staff, or at the gateway): "Erstattung vom …". */
export const REFUND_NOTE: Record<Locale, (day: string) => string> = {
  de: (day) => `Erstattung vom ${day}`,
  ru: (day) => `Возврат от ${day}`,
};
