// The credit note correcting an order's invoice by what a withdrawal or a staff refund gives back (§ 14
// UStG). Both use cases issue it inside their own transaction, in the invoice's language.
import { type Locale, withdrawalKindOf } from "@atelier/contract";
import type { InvoiceLine, Tx } from "../db/index.ts";
import {
  creditNoteData,
  findInvoice,
  findOrderInvoice,
  formatDay,
  issueInvoice,
  REFUND_NOTE,
} from "../invoices/index.ts";
import { findCartItems } from "../orders/index.ts";
import { findPauses } from "../subscriptions/index.ts";
import type { RefundPlan } from "./refund-rules.ts";
import type { WithdrawalsContext } from "./withdrawals.deps.ts";
import type { ItemFacts } from "./withdrawals.repository.ts";

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
    staff: REFUND_NOTE.de,
    rendered: (n, of) => `anteilig: ${n} von ${of} Terminen erbracht`,
    balance: "Restguthaben des Gutscheins",
  },
  ru: {
    withdrawal: (day) => `Отказ от договора от ${day}`,
    cancellation: (day) => `Отмена от ${day}`,
    staff: REFUND_NOTE.ru,
    rendered: (n, of) => `пропорционально: проведено ${n} из ${of} занятий`,
    balance: "остаток баланса сертификата",
  },
};

/** The credit note correcting the order's invoice by what is refunded; null without an invoice. */
export async function creditNote(
  ctx: Pick<WithdrawalsContext, "seller">,
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
    seller: await ctx.seller(tx),
    closedDaysOf: findPauses,
  });
  if (!credit) return null;
  const { line, data } = credit;
  const note = await issueInvoice(tx, {
    orderId: facts.orderId,
    kind: "credit_note",
    data,
    totalCents: refundCents,
    orderItemId: facts.itemId,
  });
  return { ...note, line };
}
