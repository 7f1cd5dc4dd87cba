import type { HistoryItem } from "@atelier/contract";

let nextId = 100;

/** A bought course item as the history call answers it (a weekly slot, paid, invoiced); override what a test needs. */
export function historyItem(overrides: Partial<HistoryItem> = {}): HistoryItem {
  return {
    id: nextId++,
    state: "active",
    purchased_at: "2027-03-01",
    subscription: null,
    paypal_invoice_link: null,
    comment: "",
    product_page: {
      id: 1,
      name: "Kleine Maler",
      product_type: "Course",
      slug: "kleine-maler",
      photo: null,
      schedule_slots: [{ id: 3, weekday: "Monday", date: null, start: "16:00", end: "17:30" }],
    },
    purchase_option: { id: 2, schedule_type: "Course (1 / week)", name: "1 × pro Woche" },
    schedule_slots: [{ id: 3, weekday: "Monday", date: null, start: "16:00", end: "17:30" }],
    academy_weeks: [],
    visitor: 7,
    visitor_name: "Mila Muster",
    price_cents: 7900,
    price: "79.00",
    order: 41,
    invoice_number: "RE-2027-000012",
    withdrawable_until: null,
    refund_until: null,
    withdrawal: null,
    refunds: [],
    credit_notes: [],
    in_calendar: true,
    gift_card: null,
    ...overrides,
  };
}
