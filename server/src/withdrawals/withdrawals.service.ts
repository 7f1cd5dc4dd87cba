import {
  berlinDate,
  type ErrorCode,
  type Locale,
  type RefundBasis,
  type RefundState,
  type Withdrawal,
  type WithdrawalBlock,
  type WithdrawalRecord,
  withdrawalWindow,
} from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import { insertRefund, REFUND_ATTEMPTS } from "../checkout/index.ts";
import type { Db, InvoiceData, InvoiceLine, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { bookLedger, findGiftCard, findGiftCardOfItem } from "../gift-cards/index.ts";
import {
  documentItems,
  enqueueOrderStaffNotice,
  findInvoice,
  findOrderInvoice,
  formatDay,
  invoiceLine,
  issueInvoice,
  lockOrderForDocuments,
} from "../invoices/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { findCartItems } from "../orders/index.ts";
import { GatewayError, type PaymentGateway } from "../payments/index.ts";
import { endSubscriptionOnWithdrawal } from "../subscriptions/index.ts";
import { type BerlinNow, planRefund, type RefundPlan, splitRefund } from "./refund-rules.ts";
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
  staffEmails: readonly string[];
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now?: () => Date;
};

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;

const BLOCK_ERRORS: Record<Exclude<WithdrawalBlock, "already_withdrawn">, ErrorCode> = {
  no_right: "withdrawal_no_right",
  not_active: "withdrawal_not_active",
  period_over: "withdrawal_period_over",
  nothing_left: "withdrawal_nothing_left",
};

const BERLIN_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Berlin",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function berlinNow(now: Date): BerlinNow {
  return { date: berlinDate(now), time: BERLIN_TIME.format(now) };
}

const CREDIT_WORDS: Record<
  Locale,
  { withdrawal: (day: string) => string; rendered: (n: number, of: number) => string; balance: string }
> = {
  de: {
    withdrawal: (day) => `Widerruf vom ${day}`,
    rendered: (n, of) => `anteilig: ${n} von ${of} Terminen erbracht`,
    balance: "Restguthaben des Gutscheins",
  },
  ru: {
    withdrawal: (day) => `Отказ от договора от ${day}`,
    rendered: (n, of) => `пропорционально: проведено ${n} из ${of} занятий`,
    balance: "остаток баланса сертификата",
  },
};

const stateOf = (row: { refundState: string } | undefined): RefundState =>
  (row?.refundState as RefundState | undefined) ?? "none";

export function toRecord(row: WithdrawalWithNote): WithdrawalRecord {
  return {
    id: row.id,
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
  ): Promise<{ id: number; number: string; line: InvoiceLine } | null> {
    const issued = await findOrderInvoice(tx, facts.orderId);
    const invoice = issued ? await findInvoice(tx, issued.id) : undefined;
    if (!invoice) return null;
    const [item] = await findCartItems(tx, facts.orderId, facts.locale, facts.itemId);
    if (!item) return null;
    const [documentItem] = await documentItems(tx, facts, [item]);
    if (!documentItem) return null;
    const locale = invoice.data.locale;
    const words = CREDIT_WORDS[locale];
    const base = invoiceLine(documentItem, locale, today);
    const notes = [words.withdrawal(formatDay(today))];
    if (plan.basis === "pro_rata") notes.push(words.rendered(plan.rendered, plan.sessions));
    if (plan.basis === "gift_card_balance") notes.push(words.balance);
    const line: InvoiceLine = {
      ...base,
      when: [base.when, notes.join(", ")].filter(Boolean).join("; "),
      listCents: refundCents,
      discountCents: 0,
      totalCents: refundCents,
    };
    const data: InvoiceData = {
      ...invoice.data,
      lines: [line],
      totalCents: refundCents,
      giftCardCents: 0,
      corrects: invoice.number,
    };
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
      const split = splitRefund(plan.refundCents, {
        gatewayCents: payment ? Math.max(0, payment.amountCents - done.gatewayCents) : 0,
        giftCardCents: facts.orderGiftCardId ? Math.max(0, facts.orderGiftCardCents - done.giftCardCents) : 0,
      });
      const refundCents = split.gatewayCents + split.giftCardCents;
      const today = berlinDate(now());
      const inserted = await insertWithdrawal(tx, {
        orderItemId: itemId,
        orderId: facts.orderId,
        userId,
        paidCents: facts.paidCents,
        refundCents,
        gatewayCents: split.gatewayCents,
        giftCardCents: split.giftCardCents,
        basis: plan.basis,
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
        creditNote: note,
      });
      await enqueueOrderStaffNotice(tx, {
        recipients: deps.staffEmails,
        event: "withdrawal",
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

  return {
    view,

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
      return done;
    },

    /** Records of the given items, for the history. */
    async recordsOf(itemIds: number[]): Promise<Map<number, WithdrawalRecord>> {
      const rows = await findWithdrawalsOfItems(db, itemIds);
      return new Map(rows.map((row) => [row.orderItemId, toRecord(row)]));
    },
  };
}
