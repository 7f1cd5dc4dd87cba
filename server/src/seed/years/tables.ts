import type pg from "pg";
import { Rows } from "./bulk.ts";

// The decade's history tables: column names and PostgreSQL types.
type Make = (table: string, spec: Record<string, string>, batch?: number) => Rows;

/** Orders, their items and links, payments, refunds, invoices and the school's refunds. */
function orderTables(rows: Make) {
  return {
    orders: rows("orders", {
      id: "int4",
      user_id: "int4",
      status: "order_status",
      locale: "locale",
      promocode_id: "int4",
      gift_card_id: "int4",
      total_price_cents: "int4",
      discount_cents: "int4",
      gift_card_cents: "int4",
      total_checkout_cents: "int4",
      total_recurrent_cents: "int4",
      billing: "jsonb",
      terms_accepted_at: "timestamptz",
      payer_first_name: "text",
      payer_last_name: "text",
      payment_attempt: "int4",
      created_at: "timestamptz",
      updated_at: "timestamptz",
      staged_at: "timestamptz",
      paid_at: "timestamptz",
    }),
    items: rows("order_items", {
      id: "int4",
      order_id: "int4",
      product_page_id: "int4",
      purchase_option_id: "int4",
      visitor_id: "int4",
      schedule_type: "schedule_type",
      calculated_price_cents: "int4",
      sibling_discount_cents: "int4",
      promocode_discount_cents: "int4",
      recurrent_price_cents: "int4",
      academy_number_of_weeks: "int4",
      gift_card_details: "jsonb",
      status: "order_item_status",
      recurring_state: "recurring_state",
      checkin_code: "text",
      created_at: "timestamptz",
      updated_at: "timestamptz",
    }),
    itemSlots: rows("order_item_slots", { order_item_id: "int4", schedule_slot_id: "int4" }),
    itemWeeks: rows("order_item_academy_weeks", { order_item_id: "int4", academy_week_id: "int4" }),
    redemptions: rows("promocode_redemptions", {
      promocode_id: "int4",
      order_id: "int4",
      user_id: "int4",
      discount_cents: "int4",
      created_at: "timestamptz",
    }),
    payments: rows("payments", {
      id: "int4",
      order_id: "int4",
      gateway: "payment_gateway",
      gateway_order_id: "text",
      status: "payment_status",
      amount_cents: "int4",
      capture_id: "text",
      refunded_cents: "int4",
      created_at: "timestamptz",
      updated_at: "timestamptz",
      captured_at: "timestamptz",
    }),
    refunds: rows("refunds", {
      payment_id: "int4",
      gateway_refund_id: "text",
      amount_cents: "int4",
      reason: "text",
      status: "text",
      created_at: "timestamptz",
    }),
    invoices: rows("invoices", {
      id: "int4",
      order_id: "int4",
      kind: "invoice_kind",
      number: "text",
      issued_at: "timestamptz",
      total_cents: "int4",
      data: "jsonb",
      subscription_payment_id: "int4",
    }),
    staffRefunds: rows("staff_refunds", {
      request_id: "uuid",
      order_id: "int4",
      order_item_id: "int4",
      staff_user_id: "int4",
      reason: "text",
      amount_cents: "int4",
      cancel_item: "bool",
      refund_state: "text",
      payment_id: "int4",
      refund_attempts: "int4",
      created_at: "timestamptz",
      refunded_at: "timestamptz",
    }),
  };
}

/** What followed: subscriptions and their months, attendance, gift-card ledger, mails, audit. */
function followingTables(rows: Make) {
  return {
    subscriptions: rows("subscriptions", {
      id: "int4",
      order_item_id: "int4",
      contract_number: "text",
      status: "text",
      period_start: "timestamptz",
      period_end: "timestamptz",
      cancel_at: "timestamptz",
      autopay: "recurring_state",
      created_at: "timestamptz",
      updated_at: "timestamptz",
    }),
    subscriptionPayments: rows("subscription_payments", {
      id: "int4",
      subscription_id: "int4",
      gateway: "payment_gateway",
      reference: "text",
      kind: "text",
      amount_cents: "int4",
      period_start: "timestamptz",
      period_end: "timestamptz",
      created_at: "timestamptz",
    }),
    checkins: rows(
      "checkins",
      {
        order_item_id: "int4",
        lesson_date: "date",
        schedule_slot_id: "int4",
        checked_in_by: "int4",
        checked_in_at: "timestamptz",
      },
      10_000,
    ),
    absences: rows("attendance_absences", {
      order_item_id: "int4",
      lesson_date: "date",
      marked_by: "int4",
      marked_at: "timestamptz",
    }),
    ledger: rows("gift_card_ledger", {
      gift_card_id: "int4",
      order_id: "int4",
      attempt: "int4",
      kind: "gift_card_ledger_kind",
      amount_cents: "int4",
      created_at: "timestamptz",
    }),
    mails: rows("mail_outbox", {
      to: "text",
      subject: "text",
      html: "text",
      text: "text",
      template: "text",
      locale: "locale",
      attachments: "jsonb",
      status: "mail_status",
      attempts: "int4",
      next_attempt_at: "timestamptz",
      created_at: "timestamptz",
      sent_at: "timestamptz",
    }),
    audit: rows("audit_log", {
      at: "timestamptz",
      user_id: "int4",
      user_email: "text",
      resource: "text",
      record_id: "int4",
      action: "audit_action",
      before: "jsonb",
      after: "jsonb",
    }),
  };
}

/** The batch writers of the decade's history tables, flushed together in foreign-key order. */
export function historyTables(client: pg.ClientBase) {
  const rows: Make = (table, spec, batch) => new Rows(table, spec, client, batch);
  const tables = { ...orderTables(rows), ...followingTables(rows) };
  // Invoices last: a contract's later month's points to its payment (D556).
  const group = [...Object.values(tables).filter((rows) => rows !== tables.invoices), tables.invoices];
  for (const rows of group) rows.group = group;
  return tables;
}

export type HistoryTables = ReturnType<typeof historyTables>;

/** Writes what every table still holds, in foreign-key order. */
export async function flushHistoryTables(tables: HistoryTables): Promise<void> {
  for (const rows of tables.orders.group ?? Object.values(tables)) await rows.flush();
}
