import type { Order, OrderItem, PaymentConfig, ProductType, User } from "@atelier/contract";

/** Orders, items, a profile and a payment config for the checkout's component tests. */
let nextId = 100;

export function orderItem(
  type: ProductType,
  overrides: Partial<OrderItem> & { name?: string } = {},
): OrderItem {
  const id = nextId++;
  const { name, ...rest } = overrides;
  const course = type === "Course";
  const item: OrderItem = {
    id,
    order: 1,
    product: id,
    product_page: {
      id,
      product_type: type,
      name: name ?? `${type} ${id}`,
      refund_days_before: null,
      slug: `${type.toLowerCase()}-${id}`,
      age_group: "8-11",
      photo: null,
      purchase_options: [
        {
          id,
          schedule_type: course ? "Course (1 / week)" : "Ticket",
          base_price: course ? "79.00" : "45.00",
          base_price_cents: course ? 7900 : 4500,
        },
      ],
      recommendations: [],
    },
    purchase_option: id,
    purchase_option_name: course ? "1× pro Woche" : "Ticket",
    schedule_type: course ? "Course (1 / week)" : "Ticket",
    visitor: { id: 7, first_name: "Anna", last_name: "Muster", birth_date: "2018-04-02" },
    guest_visitor: null,
    visitor_name: "Anna Muster",
    gift_card: null,
    schedule_slots: course
      ? [{ id: 1, weekday: "Tuesday", date: null, start: "16:00:00", end: "17:30:00" }]
      : [{ id: 2, weekday: null, date: "2027-04-10", start: "10:00:00", end: "13:00:00" }],
    schedule_slot_details: course
      ? [{ id: 1, weekday: 1, date: null, start: "16:00:00", end: "17:30:00" }]
      : [{ id: 2, weekday: null, date: "2027-04-10", start: "10:00:00", end: "13:00:00" }],
    academy_weeks: [],
    academy_week_details: [],
    academy_number_of_weeks: null,
    comment: "",
    is_recurring: false,
    list_price: course ? "79.00" : "45.00",
    list_price_cents: course ? 7900 : 4500,
    calculated_price: course ? "79.00" : "45.00",
    calculated_price_cents: course ? 7900 : 4500,
    discount_amount: "0.00",
    discount_amount_cents: 0,
    gift_card_paid_cents: 0,
    sibling_discount_cents: 0,
    promocode_discount_cents: 0,
    recurrent_price: course ? "79.00" : "0.00",
    recurrent_price_cents: course ? 7900 : 0,
    terms: { house: null, first_lesson: null, period: null, next_payment: null },
    ...rest,
  };
  // What is paid for the item after its discounts and gift card share, as the server answers it (D223).
  const paid = item.list_price_cents - item.discount_amount_cents - item.gift_card_paid_cents;
  return { ...item, calculated_price_cents: paid, calculated_price: (paid / 100).toFixed(2) };
}

export function order(items: OrderItem[], overrides: Partial<Order> = {}): Order {
  const due = items.reduce((sum, item) => sum + item.calculated_price_cents, 0);
  const list = items.reduce((sum, item) => sum + item.list_price_cents, 0);
  const discount = items.reduce((sum, item) => sum + item.discount_amount_cents, 0);
  const monthly = items.reduce((sum, item) => sum + item.recurrent_price_cents, 0);
  const decimal = (cents: number) => (cents / 100).toFixed(2);
  return {
    id: 41,
    cart_id: "0b7c1c8e-8a55-4d5c-9d1f-5b0b6d2d1e11",
    status: "in_cart",
    paypal_id: null,
    payer_first_name: "",
    payer_last_name: "",
    created_at: "2027-03-01T10:00:00Z",
    user: 5,
    items,
    promocode: null,
    total_price: decimal(list),
    total_price_cents: list,
    total_discount: decimal(discount),
    total_discount_cents: discount,
    total_checkout_price: decimal(due),
    total_checkout_price_cents: due,
    total_recurrent_price: decimal(monthly),
    total_recurrent_price_cents: monthly,
    reserved_until: null,
    paid_at: null,
    invoice_number: null,
    gift_card: null,
    ...overrides,
  };
}

export const profile: User = {
  pk: 5,
  id: 5,
  email: "paula@example.de",
  first_name: "Paula",
  last_name: "Parent",
  phone_number: "+",
  company_name: "",
  city: "Berlin",
  country: "Deutschland",
  state: "",
  street: "Kastanienallee 1",
  post_code: "10435",
};

export const paypalConfig: PaymentConfig = {
  gateway: "paypal",
  stripe: false,
  client_id: "test-client",
  sdk_url: "http://127.0.0.1:3198/sdk/js",
  currency: "EUR",
  reservation_minutes: 15,
};

export const demoConfig: PaymentConfig = { ...paypalConfig, gateway: "demo", client_id: null };

export const stripeConfig: PaymentConfig = { ...paypalConfig, stripe: true };
