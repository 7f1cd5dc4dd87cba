import {
  type ADMIN_ORDER_SORTS,
  ADMIN_PAYMENT_STATES,
  type AdminListQuery,
  type AdminOrder,
  type AdminOrderDispute,
  type AdminOrderRefund,
  type AdminRefundInput,
  type AdminRefundSettleInput,
  disputeNotice,
  type Locale,
  ORDER_STATUSES,
  REFUND_SETTLEMENTS,
  type RefundState,
} from "@atelier/contract";
import {
  cancelLinkedOrder,
  disputeNeedsAttention,
  disputesOfOrder,
  failedAfterAccepted,
  heldOf,
  type PaymentDisputeRow,
  paymentHoldOfOrder,
} from "../checkout/index.ts";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { giftCardBalancesOfItems } from "../gift-cards/index.ts";
import { mailTextCleared, resendMail } from "../mail/index.ts";
import { findItemUnitsForStaff } from "../orders/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import {
  findOrderDocumentsForStaff,
  findOrderForStaff,
  findOrderItemsForStaff,
  findOrderMailsForStaff,
  findOrderPaymentsForStaff,
  findStaffRefundsOfOrders,
  findWithdrawalsOfItems,
  inGatewayWords,
  lastTryUnanswered,
  listOrdersForStaff,
  notPaidOutYet,
  type SettledRefund,
  STAFF_ORDER_SORTS,
  type StaffRefundRow,
  unbookedGatewayCents,
  type WithdrawalsService,
} from "../withdrawals/index.ts";
import { recordAudit } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { filterValue, listCut } from "./list-query.ts";

const auditValues = (row: StaffRefundRow) => ({
  order: row.orderId,
  item: row.orderItemId,
  // The whole refund, and of it what went back onto the gift card (D494).
  amount_cents: row.amountCents + row.giftCardCents,
  gift_card_cents: row.giftCardCents,
  cancel_item: row.cancelItem,
  reason: row.reason,
  request_id: row.requestId,
  credit_note: row.creditNoteId,
  // Money the gateway's dashboard gave back, booked to the item (D562): the shop sent nothing.
  ...(row.bookedAtGateway ? { booked_at_gateway: true } : {}),
});

/** A settled refund (D565) as the audit log reads it: its state, round and how a person settled it. */
const settledAuditValues = ({ row }: SettledRefund, note?: string) => ({
  order: row.orderId,
  item: row.orderItemId,
  refund_state: row.refundState,
  refund_round: row.refundRound,
  settled_by_hand: row.settledByHand,
  ...(note ? { note } : {}),
});

type Papers = {
  payments: Awaited<ReturnType<typeof findOrderPaymentsForStaff>>;
  mails: Awaited<ReturnType<typeof findOrderMailsForStaff>>;
  documents: Awaited<ReturnType<typeof findOrderDocumentsForStaff>>;
};

/** An order's payments, mails and documents as staff read them. */
const papersOf = (
  payments: Papers["payments"],
  mails: Papers["mails"],
  documents: Papers["documents"],
): Pick<AdminOrder, "payments" | "mails" | "documents"> => ({
  payments: payments.map((p) => ({
    id: p.id,
    gateway: p.gateway,
    status: p.status,
    amount_cents: p.amountCents,
    refunded_cents: p.refundedCents,
    captured_at: p.capturedAt?.toISOString() ?? null,
  })),
  mails: mails.map((m) => ({
    id: m.id,
    template: m.template,
    to: m.to,
    subject: m.subject,
    status: m.status,
    created_at: m.createdAt.toISOString(),
    sent_at: m.sentAt?.toISOString() ?? null,
    texts_cleared: m.textsCleared,
  })),
  documents: documents.map((d) => ({
    id: d.id,
    kind: d.kind,
    number: d.number,
    issued_at: d.issuedAt.toISOString(),
    total_cents: d.totalCents,
  })),
});

/** An order's disputes and reversals as its payment panel shows them, with what to do in the staff's language. */
const disputesFor = (rows: PaymentDisputeRow[], locale: Locale): AdminOrderDispute[] =>
  rows.map((d) => ({
    id: d.id,
    payment: d.paymentId,
    gateway: d.gateway,
    kind: d.kind,
    state: d.state,
    amount_cents: d.amountCents,
    taken_cents: d.takenCents,
    reason: d.reason,
    opened_at: d.createdAt.toISOString(),
    closed_at: d.closedAt?.toISOString() ?? null,
    handled_at: d.handledAt?.toISOString() ?? null,
    needs_attention: disputeNeedsAttention(d),
    notice: disputeNotice({ ...d, handled: d.handledAt !== null }, locale),
  }));

type StaffRefundNoted = Awaited<ReturnType<typeof findStaffRefundsOfOrders>>[number];
type WithdrawalRow = Awaited<ReturnType<typeof findWithdrawalsOfItems>>[number];

const settlementOf = (value: string | null) =>
  REFUND_SETTLEMENTS.find((settlement) => settlement === value) ?? null;

/** An order's refunds in one list, oldest first: staff's, and the parent's withdrawals and cancellations. */
function refundsOf(staffRefunds: StaffRefundNoted[], withdrawn: WithdrawalRow[]): AdminOrderRefund[] {
  return [
    ...staffRefunds.map((r) => ({
      id: r.id,
      source: "staff" as const,
      item: r.orderItemId,
      amount_cents: r.amountCents + r.giftCardCents,
      gift_card_cents: r.giftCardCents,
      cancel_item: r.cancelItem,
      state: r.refundState as RefundState,
      attempts: r.refundAttempts,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
      refunded_at: r.refundedAt?.toISOString() ?? null,
      credit_note_number: r.creditNoteNumber,
      booked_at_gateway: r.bookedAtGateway,
      settled_by_hand: settlementOf(r.settledByHand),
      last_error: inGatewayWords(r.lastError),
      gateway_unreachable: lastTryUnanswered(r.refundState, r.lastError),
      failed_at_bank: r.refundState === "failed" && failedAfterAccepted(r.lastError),
      gateway_pending: notPaidOutYet(r),
    })),
    ...withdrawn.map((w) => ({
      id: w.id,
      source: w.kind === "cancellation" ? ("cancellation" as const) : ("withdrawal" as const),
      item: w.orderItemId,
      amount_cents: w.refundCents,
      gift_card_cents: w.giftCardCents,
      cancel_item: true,
      state: w.refundState as RefundState,
      attempts: w.refundAttempts,
      reason: "",
      created_at: w.createdAt.toISOString(),
      refunded_at: w.refundedAt?.toISOString() ?? null,
      credit_note_number: w.creditNoteNumber,
      booked_at_gateway: false,
      settled_by_hand: settlementOf(w.settledByHand),
      last_error: inGatewayWords(w.lastError),
      gateway_unreachable: lastTryUnanswered(w.refundState, w.lastError),
      failed_at_bank: w.refundState === "failed" && failedAfterAccepted(w.lastError),
      gateway_pending: notPaidOutYet(w),
    })),
  ].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** {@link createOrdersAdmin}'s `get`: one order with its items, payments, papers and refunds. */
async function orderDetail(db: Db, id: number, locale: Locale = "de"): Promise<AdminOrder> {
  const row = foundOr404(await findOrderForStaff(db, id, locale));
  const [items, payments, documents, staffRefunds, hold, unbooked, disputes] = await Promise.all([
    findOrderItemsForStaff(db, id, locale),
    findOrderPaymentsForStaff(db, id),
    findOrderDocumentsForStaff(db, id),
    findStaffRefundsOfOrders(db, [id]),
    paymentHoldOfOrder(db, id),
    unbookedGatewayCents(db, id, row.status),
    disputesOfOrder(db, id),
  ]);
  const withdrawn = await findWithdrawalsOfItems(
    db,
    items.map((item) => item.id),
  );
  const units = await findItemUnitsForStaff(
    db,
    items.map((item) => item.id),
  );
  const addresses = [row.parent_email].filter(Boolean);
  const mails = await findOrderMailsForStaff(db, id, addresses);
  const captured = payments.filter((p) => p.captureId !== null);
  const capturedCents = captured.reduce((sum, p) => sum + p.amountCents, 0);
  // What each payment still holds at its gateway: less what it refunded and what the bank or PayPal took
  // back for good (a lost dispute, a reversal, D662), which the gateway cannot refund.
  const held = captured.reduce(
    (sum, p) =>
      sum +
      heldOf(
        p,
        disputes.filter((d) => d.paymentId === p.id).reduce((taken, d) => taken + d.takenCents, 0),
      ),
    0,
  );
  // What the payments still hold, as the staff refund judges it: less what withdrawals and staff refunds
  // took, and never more than the gateway has not refunded (a refund in its dashboard, D506) or taken back.
  const gatewayLeft = Math.max(
    0,
    Math.min(
      capturedCents -
        // What a person paid elsewhere took nothing from the payment (D565).
        withdrawn.reduce((sum, w) => sum + (w.settledByHand === "elsewhere" ? 0 : w.gatewayCents), 0) -
        staffRefunds.reduce((sum, r) => sum + (r.settledByHand === "elsewhere" ? 0 : r.amountCents), 0),
      held,
    ),
  );
  // What the order's gift card paid and has not had back goes back onto it (D494), after the gateway's rest.
  // A refunded order's card part went back with its release.
  const giftCardLeft =
    row.status === "paid"
      ? Math.max(
          0,
          row.gift_card_cents -
            withdrawn.reduce((sum, w) => sum + w.giftCardCents, 0) -
            staffRefunds.reduce((sum, r) => sum + r.giftCardCents, 0),
        )
      : 0;
  // A bought gift card gives back only what is still on it (D506).
  const cardBalances = await giftCardBalancesOfItems(
    db,
    items.map((item) => item.id),
  );
  const refunds = refundsOf(staffRefunds, withdrawn);
  return {
    ...row,
    payment_link: hold.linked,
    // Only an order in payment holds seats; a paid or ended order's old hold means nothing to staff.
    reserved_until: row.status === "awaiting_payment" ? (hold.reservedUntil?.toISOString() ?? null) : null,
    items: items.map((item) => {
      const staff = staffRefunds
        .filter((r) => r.orderItemId === item.id)
        .reduce((s, r) => s + r.amountCents + r.giftCardCents, 0);
      const w = withdrawn.find((x) => x.orderItemId === item.id);
      return {
        id: item.id,
        product_page: item.productPage,
        name: item.name ?? "",
        child: [item.childFirst, item.childLast].filter(Boolean).join(" "),
        status: item.status,
        paid_cents: item.paidCents,
        refunded_cents: staff + (w?.refundCents ?? 0),
        refundable_cents: w
          ? 0
          : Math.max(
              0,
              Math.min(
                item.paidCents - staff,
                gatewayLeft + giftCardLeft,
                cardBalances.get(item.id) ?? Number.POSITIVE_INFINITY,
              ),
            ),
        withdrawn: w !== undefined,
        slots: units.slots
          .filter((u) => u.item === item.id)
          .map(({ id, weekday, date, start, end }) => ({ id, weekday, date, start, end })),
        weeks: units.weeks
          .filter((u) => u.item === item.id)
          .map(({ id, starts_on, ends_on }) => ({ id, starts_on, ends_on })),
      };
    }),
    ...papersOf(payments, mails, documents),
    refunds,
    unbooked_gateway_cents: unbooked,
    disputes: disputesFor(disputes, locale),
  };
}

/** Orders in the back office (D127–D129): the list, one order's details, and the staff refund. */
export function createOrdersAdmin(db: Db, withdrawals: WithdrawalsService) {
  const get = (id: number, locale: Locale = "de") => orderDetail(db, id, locale);

  return {
    /**
     * Mails the order's confirmation again, as it was sent (D129); while a copy still waits in the outbox,
     * that copy is the answer (a double click sends one). Audited as a new mail of the order.
     */
    async resendConfirmation(staff: AuthUser, orderId: number): Promise<{ mail: number }> {
      const order = await findOrderForStaff(db, orderId);
      if (!order) throw AppError.notFound();
      const mails = await findOrderMailsForStaff(db, orderId, [order.parent_email].filter(Boolean));
      const confirmations = mails.filter((m) => m.template === "order-confirmation");
      if (confirmations.length === 0) throw AppError.validation("non_field_errors", "no_confirmation");
      // The first whose text is still kept (D563): a copy sent again last month when the first is cleared.
      // The first, not the newest: a copy still waiting is then found as the answer (a double click).
      const confirmation = confirmations.find((m) => !m.textsCleared);
      if (!confirmation) throw mailTextCleared();
      return db.transaction(async (tx) => {
        const copy = await resendMail(tx, confirmation.id);
        if (!copy) throw AppError.validation("non_field_errors", "no_confirmation");
        if (copy === "cleared") throw mailTextCleared();
        if (copy.created)
          await recordAudit(tx, {
            userId: staff.id,
            userEmail: staff.email,
            resource: "order_mails",
            recordId: copy.id,
            action: "create",
            before: null,
            after: { order: orderId, resent: confirmation.id, template: confirmation.template },
          });
        return { mail: copy.id };
      });
    },

    /**
     * Cancels an unpaid phone booking (D536): its seats, code use and card part go back and its link closes,
     * audited; the order as it is now is the answer (a repeat changes nothing and writes no second entry).
     */
    async cancelUnpaid(staff: AuthUser, orderId: number) {
      await db.transaction(async (tx) => {
        const before = await cancelLinkedOrder(tx, orderId);
        if (before === "cancelled") return;
        await recordAudit(tx, {
          userId: staff.id,
          userEmail: staff.email,
          resource: "staff-orders",
          recordId: orderId,
          action: "update",
          before: { status: before },
          after: { status: "cancelled" },
        });
      });
      return get(orderId);
    },

    async list(query: AdminListQuery) {
      const cut = listCut(
        query,
        STAFF_ORDER_SORTS satisfies Record<(typeof ADMIN_ORDER_SORTS)[number], unknown>,
        "created_at",
      );
      const filter = query.filter ?? {};
      const paymentState = filterValue.strings(filter, "payment_state", ADMIN_PAYMENT_STATES)?.[0];
      const page = await listOrdersForStaff(
        db,
        {
          ids: filterValue.ids(filter, "id"),
          statuses: filterValue.strings(filter, "status", ORDER_STATUSES),
          ...(paymentState ? { paymentState: paymentState as (typeof ADMIN_PAYMENT_STATES)[number] } : {}),
          from: filterValue.date(filter, "from"),
          to: filterValue.date(filter, "to"),
          product: filterValue.id(filter, "product"),
          parent: filterValue.id(filter, "parent"),
          child: filterValue.id(filter, "child"),
          q: filterValue.string(filter, "q"),
        },
        { ...cut, locale: query.locale },
      );
      return { cut, page };
    },

    get,

    /** A staff refund (D127): once per request id; its audit entry is written in the refund's transaction. */
    async refund(staff: AuthUser, orderId: number, input: AdminRefundInput): Promise<AdminOrder> {
      if (!(await findOrderForStaff(db, orderId))) throw AppError.notFound();
      await withdrawals.staffRefund(staff.id, orderId, input, (tx, row) =>
        recordAudit(tx, {
          userId: staff.id,
          userEmail: staff.email,
          resource: "staff_refunds",
          recordId: row.id,
          action: "create",
          before: null,
          after: auditValues(row),
        }),
      );
      return get(orderId);
    },

    /** A failed refund tried again or marked as refunded by hand (D565), audited with the staff's note. */
    async settleRefund(staff: AuthUser, orderId: number, input: AdminRefundSettleInput): Promise<AdminOrder> {
      if (!(await findOrderForStaff(db, orderId))) throw AppError.notFound();
      await withdrawals.settleRefund(orderId, input, (tx, before, after) =>
        recordAudit(tx, {
          userId: staff.id,
          userEmail: staff.email,
          resource: before.table,
          recordId: before.row.id,
          action: "update",
          before: settledAuditValues(before),
          after: settledAuditValues(after, input.note),
        }),
      );
      return get(orderId);
    },
  };
}
