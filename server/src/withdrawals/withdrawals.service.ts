import {
  type AdminRefundInput,
  berlinDate,
  type ErrorCode,
  type Locale,
  type RefundBasis,
  type RefundState,
  SCHOOL_TIME_ZONE,
  type Withdrawal,
  type WithdrawalBlock,
  type WithdrawalKind,
  type WithdrawalRecord,
  withdrawalKindOf,
  withdrawalWindow,
} from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import { insertRefund, REFUND_ATTEMPTS } from "../checkout/index.ts";
import type { Db, DbOrTx, InvoiceLine, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { bookLedger, findGiftCard, findGiftCardOfItem } from "../gift-cards/index.ts";
import {
  creditNoteData,
  documentItems,
  enqueueOrderStaffNotice,
  findInvoice,
  findOrderInvoice,
  formatDay,
  issueInvoice,
  lockOrderForDocuments,
  type Seller,
} from "../invoices/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { findCartItems } from "../orders/index.ts";
import { GatewayError, type PaymentGateway } from "../payments/index.ts";
import type { StaffRecipients } from "../settings/index.ts";
import { endSubscriptionOnWithdrawal } from "../subscriptions/index.ts";
import { refundPolicyOf } from "./refund-policy.ts";
import { type BerlinNow, planRefund, type RefundPlan, splitRefund } from "./refund-rules.ts";
import {
  findItemOfOrder,
  findStaffRefund,
  findStaffRefundByRequest,
  insertStaffRefund,
  pendingStaffRefundIds,
  type StaffRefundRow,
  staffRefundedOf,
  updateStaffRefund,
} from "./staff-refunds.repository.ts";
import {
  addRefundedCents,
  cancelItem,
  findCapturedPayment,
  findOwnItem,
  findRefundByGatewayId,
  findWithdrawal,
  findWithdrawalsOfItems,
  type ItemFacts,
  insertWithdrawal,
  lockOrder,
  pendingWithdrawalIds,
  updateWithdrawal,
  type WithdrawalWithNote,
  withdrawnOfOrder,
} from "./withdrawals.repository.ts";

export type WithdrawalsDeps = {
  db: Db;
  gateway: PaymentGateway;
  publicUrl: string;
  /** Who the school is told at (D110): SCHOOL_EMAIL or STAFF_NOTIFY_EMAILS. */
  staffEmails: StaffRecipients;
  /** The seller as the school's settings say at the credit note's issue (D243). */
  seller: (db: DbOrTx) => Promise<Seller>;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now?: () => Date;
};

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;

const BLOCK_ERRORS: Record<Exclude<WithdrawalBlock, "already_withdrawn">, ErrorCode> = {
  no_right: "withdrawal_no_right",
  not_active: "withdrawal_not_active",
  period_over: "withdrawal_period_over",
  policy_over: "withdrawal_policy_over",
  nothing_left: "withdrawal_nothing_left",
};

const BERLIN_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: SCHOOL_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function berlinNow(now: Date): BerlinNow {
  return { date: berlinDate(now), time: BERLIN_TIME.format(now) };
}

const CREDIT_WORDS: Record<
  Locale,
  {
    withdrawal: (day: string) => string;
    cancellation: (day: string) => string;
    staff: (day: string) => string;
    rendered: (n: number, of: number) => string;
    balance: string;
  }
> = {
  de: {
    withdrawal: (day) => `Widerruf vom ${day}`,
    cancellation: (day) => `Stornierung vom ${day}`,
    staff: (day) => `Erstattung vom ${day}`,
    rendered: (n, of) => `anteilig: ${n} von ${of} Terminen erbracht`,
    balance: "Restguthaben des Gutscheins",
  },
  ru: {
    withdrawal: (day) => `Отказ от договора от ${day}`,
    cancellation: (day) => `Отмена от ${day}`,
    staff: (day) => `Возврат от ${day}`,
    rendered: (n, of) => `пропорционально: проведено ${n} из ${of} занятий`,
    balance: "остаток баланса сертификата",
  },
};

const stateOf = (row: { refundState: string } | undefined): RefundState =>
  (row?.refundState as RefundState | undefined) ?? "none";

export function toRecord(row: WithdrawalWithNote): WithdrawalRecord {
  return {
    id: row.id,
    kind: row.kind === "cancellation" ? "cancellation" : "withdrawal",
    created_at: row.createdAt.toISOString(),
    refund_cents: row.refundCents,
    refund_state: stateOf(row),
    refunded_at: row.refundedAt?.toISOString() ?? null,
    credit_note_number: row.creditNoteNumber,
  };
}

/**
 * The withdrawal of an item's contract (§ 355, § 356a BGB; D54, D75, D76): who may, until when, what comes
 * back; recording it (item cancelled and its seat freed, credit note, confirmation mail, gift card voided,
 * all in one transaction) and then the refund through the gateway, outside any lock, once per withdrawal
 * (its PayPal-Request-Id is derived from the withdrawal).
 */
export function createWithdrawalsService(deps: WithdrawalsDeps) {
  const { db, gateway, log } = deps;
  const now = deps.now ?? (() => new Date());

  type Assessment = { block: WithdrawalBlock | null; deadline: string | null; plan: RefundPlan };

  /** What a withdrawal of the item would do now; with `tx`, under the locks the caller holds. */
  async function assess(tx: Db | Tx, facts: ItemFacts, lockCard = false): Promise<Assessment> {
    const at = now();
    const paidOn = facts.paidAt ? berlinDate(facts.paidAt) : null;
    const [item] = await findCartItems(tx, facts.orderId, facts.locale, facts.itemId);
    const card = facts.productType === "GiftCard" ? await findGiftCardOfItem(tx, facts.itemId) : undefined;
    const locked = card && lockCard ? await findGiftCard(tx, card.id, true) : card;
    const [documentItem] = item ? await documentItems(tx, facts, [item]) : [];
    const plan: RefundPlan = documentItem
      ? planRefund({
          item: documentItem,
          paidCents: facts.paidCents,
          paidOn: paidOn ?? berlinDate(at),
          earlyStart: facts.earlyStart,
          now: berlinNow(at),
          ...(locked ? { giftCardBalanceCents: locked.balanceCents } : {}),
        })
      : { basis: "full", refundCents: 0, sessions: 0, rendered: 0 };
    const window = withdrawalWindow(
      {
        productType: facts.productType,
        orderStatus: facts.orderStatus,
        itemStatus: facts.itemStatus,
        paidOn,
        withdrawn: false,
        refundPolicy: item ? refundPolicyOf(item) : undefined,
      },
      berlinDate(at),
    );
    const block: WithdrawalBlock | null =
      window.block ?? (facts.productType === "GiftCard" && plan.refundCents === 0 ? "nothing_left" : null);
    return { block, deadline: window.deadline, plan };
  }

  async function ownItem(userId: number, itemId: number): Promise<ItemFacts> {
    const facts = await findOwnItem(db, userId, itemId);
    if (!facts) throw AppError.notFound();
    return facts;
  }

  async function recordOf(itemId: number): Promise<WithdrawalWithNote | undefined> {
    const [row] = await findWithdrawalsOfItems(db, [itemId]);
    return row;
  }

  async function view(userId: number, itemId: number): Promise<Withdrawal> {
    const facts = await ownItem(userId, itemId);
    const [existing, assessment] = await Promise.all([recordOf(itemId), assess(db, facts)]);
    const block = existing ? "already_withdrawn" : assessment.block;
    return {
      item: itemId,
      can_withdraw: block === null,
      blocked_by: block,
      deadline: assessment.deadline,
      paid_cents: facts.paidCents,
      refund_cents: existing ? existing.refundCents : block === null ? assessment.plan.refundCents : 0,
      basis: (existing?.basis as RefundBasis | undefined) ?? assessment.plan.basis,
      withdrawal: existing ? toRecord(existing) : null,
    };
  }

  /** The credit note correcting the order's invoice by what is refunded; null without an invoice. */
  async function creditNote(
    tx: Tx,
    facts: ItemFacts,
    plan: RefundPlan,
    refundCents: number,
    today: string,
    staff = false,
  ): Promise<{ id: number; number: string; line: InvoiceLine } | null> {
    const issued = await findOrderInvoice(tx, facts.orderId);
    const invoice = issued ? await findInvoice(tx, issued.id) : undefined;
    if (!invoice) return null;
    const [item] = await findCartItems(tx, facts.orderId, facts.locale, facts.itemId);
    if (!item) return null;
    const words = CREDIT_WORDS[invoice.data.locale];
    const kind = withdrawalKindOf(facts.productType);
    const notes = [staff ? words.staff(formatDay(today)) : words[kind](formatDay(today))];
    if (!staff && plan.basis === "pro_rata") notes.push(words.rendered(plan.rendered, plan.sessions));
    if (!staff && plan.basis === "gift_card_balance") notes.push(words.balance);
    // The seller as the school's settings say today, not as they were on the invoice (D243).
    const credit = await creditNoteData(tx, {
      invoice,
      orderId: facts.orderId,
      item,
      refundCents,
      notes,
      seller: await deps.seller(tx),
    });
    if (!credit) return null;
    const { line, data } = credit;
    const note = await issueInvoice(tx, {
      orderId: facts.orderId,
      kind: "credit_note",
      data,
      totalCents: refundCents,
    });
    return { ...note, line };
  }

  /** Records the withdrawal (once per item) and everything that belongs to it, in one transaction. */
  async function record(userId: number, itemId: number): Promise<{ id: number; created: boolean }> {
    return db.transaction(async (tx) => {
      const facts = await findOwnItem(tx, userId, itemId);
      if (!facts) throw AppError.notFound();
      await lockOrder(tx, facts.orderId);
      const [existing] = await findWithdrawalsOfItems(tx, [itemId]);
      if (existing) return { id: existing.id, created: false };
      // Read again under the order's lock: a withdrawal of the same item waits here and finds the first.
      const fresh = (await findOwnItem(tx, userId, itemId)) ?? facts;
      const { block, plan } = await assess(tx, fresh, true);
      if (block)
        throw AppError.validation("non_field_errors", BLOCK_ERRORS[block as keyof typeof BLOCK_ERRORS]);

      const payment = await findCapturedPayment(tx, facts.orderId);
      const done = await withdrawnOfOrder(tx, facts.orderId);
      // What staff refunds already gave back (D127) comes off the item's refund and the payment's rest.
      const staffDone = await staffRefundedOf(tx, facts.orderId, itemId);
      const split = splitRefund(Math.max(0, plan.refundCents - staffDone.itemCents), {
        gatewayCents: payment
          ? Math.max(0, payment.amountCents - done.gatewayCents - staffDone.orderCents)
          : 0,
        giftCardCents: facts.orderGiftCardId ? Math.max(0, facts.orderGiftCardCents - done.giftCardCents) : 0,
      });
      const refundCents = split.gatewayCents + split.giftCardCents;
      const today = berlinDate(now());
      // Past the block above, an item without the statutory right is cancelled under its refund policy.
      const kind = withdrawalKindOf(fresh.productType);
      const inserted = await insertWithdrawal(tx, {
        orderItemId: itemId,
        orderId: facts.orderId,
        userId,
        paidCents: facts.paidCents,
        refundCents,
        gatewayCents: split.gatewayCents,
        giftCardCents: split.giftCardCents,
        basis: plan.basis,
        kind,
        refundState: split.gatewayCents > 0 ? "pending" : "none",
        paymentId: split.gatewayCents > 0 ? (payment?.id ?? null) : null,
      });
      if (!inserted) throw new Error(`withdrawal of item ${itemId} raced past the order lock`);
      await cancelItem(tx, itemId);
      if (fresh.productType === "Course") await endSubscriptionOnWithdrawal(tx, itemId);

      if (fresh.productType === "GiftCard") {
        const card = await findGiftCardOfItem(tx, itemId);
        if (card && card.balanceCents > 0) {
          await bookLedger(tx, {
            giftCardId: card.id,
            orderId: facts.orderId,
            attempt: inserted.id,
            kind: "withdrawal",
            amountCents: -card.balanceCents,
          });
        }
      }
      if (split.giftCardCents > 0 && facts.orderGiftCardId) {
        await findGiftCard(tx, facts.orderGiftCardId, true);
        await bookLedger(tx, {
          giftCardId: facts.orderGiftCardId,
          orderId: facts.orderId,
          attempt: inserted.id,
          kind: "withdrawal",
          amountCents: split.giftCardCents,
        });
      }

      const note = refundCents > 0 ? await creditNote(tx, fresh, plan, refundCents, today) : null;
      if (note) await updateWithdrawal(tx, inserted.id, { creditNoteId: note.id });
      await confirmationMail(tx, facts, {
        item: note?.line ?? null,
        itemId,
        receivedOn: today,
        refundCents,
        basis: plan.basis,
        kind,
        creditNote: note,
      });
      await enqueueOrderStaffNotice(tx, {
        recipients: await deps.staffEmails(tx),
        event: kind === "cancellation" ? "policy_cancellation" : "withdrawal",
        orderId: facts.orderId,
        itemIds: [itemId],
        options: { publicUrl: deps.publicUrl },
      });
      return { id: inserted.id, created: true };
    });
  }

  async function confirmationMail(
    tx: Tx,
    facts: ItemFacts,
    input: {
      item: InvoiceLine | null;
      itemId: number;
      receivedOn: string;
      refundCents: number;
      basis: RefundBasis;
      kind: WithdrawalKind;
      creditNote: { id: number; number: string } | null;
    },
  ) {
    const order = await lockOrderForDocuments(tx, facts.orderId);
    const to = order?.user?.email || order?.billing?.email;
    if (!order || !to) return;
    let name = input.item ? input.item.name : "";
    let child = input.item?.visitorName ?? null;
    if (!input.item) {
      const [row] = await findCartItems(tx, facts.orderId, facts.locale, input.itemId);
      name = row ? (row.optionName ? `${row.pageName} – ${row.optionName}` : row.pageName) : "";
      child = row ? [row.visitorFirstName, row.visitorLastName].filter(Boolean).join(" ") || null : null;
    }
    await enqueueMail(
      tx,
      {
        to,
        template: "withdrawal-confirmation",
        locale: order.locale,
        data: {
          firstName: order.user?.firstName || order.billing?.first_name || "",
          orderId: order.id,
          item: child ? `${name} (${child})` : name,
          receivedOn: input.receivedOn,
          paidCents: facts.paidCents,
          refundCents: input.refundCents,
          basis: input.basis,
          kind: input.kind,
          creditNoteNumber: input.creditNote?.number ?? null,
        },
        attachments: input.creditNote
          ? [
              {
                kind: "invoice-pdf",
                invoiceId: input.creditNote.id,
                filename: `${input.creditNote.number}.pdf`,
              },
            ]
          : [],
      },
      { publicUrl: deps.publicUrl },
    );
  }

  /**
   * Sends a recorded withdrawal's refund to the gateway (no lock held during the call) and records the
   * outcome. The request id is the withdrawal's, so a retry, a second instance or the worker refund once.
   */
  async function refund(withdrawalId: number): Promise<RefundState> {
    const row = await findWithdrawal(db, withdrawalId);
    if (row?.refundState !== "pending") return stateOf(row);
    const payment = row.paymentId ? await findCapturedPayment(db, row.orderId) : undefined;
    if (!payment?.captureId) {
      await updateWithdrawal(db, row.id, { refundState: "failed" });
      log.error({ withdrawalId }, "withdrawal refund without a captured payment; refund by hand");
      return "failed";
    }
    let answer: Awaited<ReturnType<PaymentGateway["refundCapture"]>>;
    try {
      answer = await gateway.refundCapture(
        payment.captureId,
        `atelier-withdrawal-${row.id}`,
        row.gatewayCents,
      );
    } catch (error) {
      const attempts = row.refundAttempts + 1;
      const retry =
        error instanceof GatewayError && error.failure === "unavailable" && attempts < REFUND_ATTEMPTS; // the one bound of refund tries (D90); then staff refund by hand
      await updateWithdrawal(db, row.id, {
        refundAttempts: attempts,
        ...(retry ? {} : { refundState: "failed" }),
      });
      log.warn(
        { err: error, withdrawalId },
        retry ? "withdrawal refund left for the next round" : "withdrawal refund failed; refund by hand",
      );
      return retry ? "pending" : "failed";
    }
    return db.transaction(async (tx) => {
      await lockOrder(tx, row.orderId);
      const locked = await findWithdrawal(tx, row.id, true);
      if (locked?.refundState !== "pending") return stateOf(locked);
      // A webhook may have recorded this refund already (and counted it on the payment): then the insert
      // does nothing and the amount is not counted twice.
      const inserted = await insertRefund(tx, {
        paymentId: payment.id,
        gatewayRefundId: answer.id,
        amountCents: row.gatewayCents,
        reason: "withdrawal",
        status: answer.status,
      });
      if (inserted) await addRefundedCents(tx, payment.id, row.gatewayCents);
      const recorded = await findRefundByGatewayId(tx, answer.id);
      await updateWithdrawal(tx, row.id, {
        refundState: "completed",
        refundId: recorded?.id ?? null,
        refundedAt: now(),
      });
      return "completed";
    });
  }

  /** "12,50 €" for an error's parameter (de and ru write euros alike). */
  const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")} €`;

  /**
   * Records a staff refund (D127) once per request id, under the order's lock (the lock a withdrawal of the
   * same order takes, so the two see each other's money): the item cancelled if asked, the credit note,
   * the parent's mail and the staff member's audit entry, all in one transaction.
   */
  async function recordStaffRefund(
    staffUserId: number,
    orderId: number,
    input: AdminRefundInput,
    audit: (tx: Tx, row: StaffRefundRow) => Promise<void>,
  ): Promise<{ row: StaffRefundRow; created: boolean }> {
    return db.transaction(async (tx) => {
      const first = await findStaffRefundByRequest(tx, input.request_id);
      if (first) return { row: first, created: false };
      const facts = await findItemOfOrder(tx, orderId, input.item);
      if (!facts) throw AppError.validation("item", "invalid_choice");
      await lockOrder(tx, orderId);
      // Under the lock: a repeat of this request, or a withdrawal of the item, that committed meanwhile.
      const repeat = await findStaffRefundByRequest(tx, input.request_id);
      if (repeat) return { row: repeat, created: false };
      const fresh = (await findItemOfOrder(tx, orderId, input.item)) ?? facts;
      if (fresh.orderStatus !== "paid" && fresh.orderStatus !== "refunded")
        throw AppError.validation("non_field_errors", "order_not_paid");
      const [withdrawn] = await findWithdrawalsOfItems(tx, [input.item]);
      if (withdrawn) throw AppError.validation("non_field_errors", "refund_item_withdrawn");
      if (input.cancel_item && fresh.itemStatus === "cancelled")
        throw AppError.validation("cancel_item", "refund_item_cancelled");

      const payment = await findCapturedPayment(tx, orderId);
      const done = await withdrawnOfOrder(tx, orderId);
      const staffDone = await staffRefundedOf(tx, orderId, input.item);
      const gatewayLeft = payment
        ? Math.max(
            0,
            Math.min(
              payment.amountCents - done.gatewayCents - staffDone.orderCents,
              payment.amountCents - payment.refundedCents,
            ),
          )
        : 0;
      const itemLeft = Math.max(0, Math.min(fresh.paidCents - staffDone.itemCents, gatewayLeft));
      const amount = input.amount_cents ?? itemLeft;
      if (amount > itemLeft)
        throw new AppError("refund_too_much", 400, "amount_cents", undefined, { max: euros(itemLeft) });
      if (amount === 0 && !input.cancel_item) throw AppError.validation("amount_cents", "refund_nothing");

      const inserted = await insertStaffRefund(tx, {
        requestId: input.request_id,
        orderId,
        orderItemId: input.item,
        staffUserId,
        reason: input.reason,
        amountCents: amount,
        cancelItem: input.cancel_item,
        refundState: amount > 0 ? "pending" : "none",
        paymentId: amount > 0 ? (payment?.id ?? null) : null,
      });
      if (!inserted) throw new Error(`staff refund ${input.request_id} raced past the order lock`);
      if (input.cancel_item) {
        await cancelItem(tx, input.item);
        if (fresh.productType === "Course") await endSubscriptionOnWithdrawal(tx, input.item);
      }
      const today = berlinDate(now());
      const plan: RefundPlan = { basis: "full", refundCents: amount, sessions: 0, rendered: 0 };
      const note = amount > 0 ? await creditNote(tx, fresh, plan, amount, today, true) : null;
      if (note) await updateStaffRefund(tx, inserted.id, { creditNoteId: note.id });
      await staffRefundMail(tx, fresh, { amount, cancelled: input.cancel_item, reason: input.reason, note });
      const row = { ...inserted, creditNoteId: note?.id ?? null };
      await audit(tx, row);
      return { row, created: true };
    });
  }

  async function staffRefundMail(
    tx: Tx,
    facts: ItemFacts,
    input: {
      amount: number;
      cancelled: boolean;
      reason: string;
      note: { id: number; number: string } | null;
    },
  ) {
    const order = await lockOrderForDocuments(tx, facts.orderId);
    const to = order?.user?.email || order?.billing?.email;
    if (!order || !to) return;
    const [row] = await findCartItems(tx, facts.orderId, order.locale, facts.itemId);
    const name = row ? (row.optionName ? `${row.pageName} – ${row.optionName}` : row.pageName) : "";
    const child = row ? [row.visitorFirstName, row.visitorLastName].filter(Boolean).join(" ") : "";
    await enqueueMail(
      tx,
      {
        to,
        template: "staff-refund",
        locale: order.locale,
        data: {
          firstName: order.user?.firstName || order.billing?.first_name || "",
          orderId: order.id,
          item: child ? `${name} (${child})` : name,
          refundCents: input.amount,
          cancelled: input.cancelled,
          reason: input.reason,
          creditNoteNumber: input.note?.number ?? null,
        },
        attachments: input.note
          ? [{ kind: "invoice-pdf", invoiceId: input.note.id, filename: `${input.note.number}.pdf` }]
          : [],
      },
      { publicUrl: deps.publicUrl },
    );
  }

  /**
   * Sends a staff refund to the gateway (no lock held during the call), its request id derived from the
   * staff request's, so a retry refunds once. Any refusal counts as a try; after `REFUND_ATTEMPTS` tries the
   * refund is `failed` and listed for a person (D90), never retried forever.
   */
  async function refundStaff(id: number): Promise<RefundState> {
    const row = await findStaffRefund(db, id);
    if (row?.refundState !== "pending") return stateOf(row);
    const payment = await findCapturedPayment(db, row.orderId);
    if (!payment?.captureId) {
      await updateStaffRefund(db, row.id, { refundState: "failed", lastError: "no captured payment" });
      log.error({ staffRefundId: id }, "staff refund without a captured payment; refund by hand");
      return "failed";
    }
    let answer: Awaited<ReturnType<PaymentGateway["refundCapture"]>>;
    try {
      answer = await gateway.refundCapture(
        payment.captureId,
        `atelier-staff-refund-${row.requestId}`,
        row.amountCents,
      );
    } catch (error) {
      const attempts = row.refundAttempts + 1;
      const retry = attempts < REFUND_ATTEMPTS;
      const lastError =
        error instanceof GatewayError ? `${error.failure}: ${error.message}`.slice(0, 500) : "gateway error";
      await updateStaffRefund(db, row.id, {
        refundAttempts: attempts,
        lastError,
        ...(retry ? {} : { refundState: "failed" }),
      });
      log.warn(
        { err: error, staffRefundId: id, attempts },
        retry ? "staff refund left for the next round" : "staff refund given up; refund by hand",
      );
      return retry ? "pending" : "failed";
    }
    return db.transaction(async (tx) => {
      await lockOrder(tx, row.orderId);
      const locked = await findStaffRefund(tx, row.id, true);
      if (locked?.refundState !== "pending") return stateOf(locked);
      const inserted = await insertRefund(tx, {
        paymentId: payment.id,
        gatewayRefundId: answer.id,
        amountCents: row.amountCents,
        reason: "staff",
        status: answer.status,
      });
      if (inserted) await addRefundedCents(tx, payment.id, row.amountCents);
      const recorded = await findRefundByGatewayId(tx, answer.id);
      await updateStaffRefund(tx, row.id, {
        refundState: "completed",
        refundAttempts: row.refundAttempts + 1,
        refundId: recorded?.id ?? null,
        refundedAt: now(),
      });
      return "completed";
    });
  }

  return {
    view,

    /**
     * A staff refund (D127): recorded once per request id, then the gateway asked at once; a refusal leaves
     * it to the payment worker's rounds, bounded by `REFUND_ATTEMPTS`.
     */
    async staffRefund(
      staffUserId: number,
      orderId: number,
      input: AdminRefundInput,
      audit: (tx: Tx, row: StaffRefundRow) => Promise<void>,
    ): Promise<StaffRefundRow> {
      const recorded = await recordStaffRefund(staffUserId, orderId, input, audit);
      if (recorded.row.orderId !== orderId) throw AppError.notFound();
      if (recorded.created) await refundStaff(recorded.row.id);
      return (await findStaffRefund(db, recorded.row.id)) ?? recorded.row;
    },

    /**
     * `POST …/withdraw/`: records the withdrawal once (a repeat answers the same record) and then asks the
     * gateway for the refund; a gateway that is down leaves the refund to the payment worker.
     */
    async withdraw(userId: number, itemId: number): Promise<Withdrawal> {
      const recorded = await record(userId, itemId);
      // Only the request that recorded it refunds; a repeat finds it done, or pending for the worker.
      if (recorded.created) await refund(recorded.id);
      return view(userId, itemId);
    },

    /** The payment worker's round: refunds still pending (the gateway was down). */
    async refundsPending(limit: number): Promise<number> {
      let done = 0;
      for (const id of await pendingWithdrawalIds(db, limit)) {
        if ((await refund(id)) === "completed") done += 1;
      }
      for (const id of await pendingStaffRefundIds(db, limit)) {
        if ((await refundStaff(id)) === "completed") done += 1;
      }
      return done;
    },

    /** Records of the given items, for the history. */
    async recordsOf(itemIds: number[]): Promise<Map<number, WithdrawalRecord>> {
      const rows = await findWithdrawalsOfItems(db, itemIds);
      return new Map(rows.map((row) => [row.orderItemId, toRecord(row)]));
    },
  };
}
