import { CONTRACT_NUMBER_ALPHABET, CONTRACT_NUMBER_LENGTH } from "@atelier/contract";
import { MONTH_WORD } from "../../invoices/index.ts";
import { billingOf } from "./families.ts";
import { type Booked, type History, holdsSeat, type OrderPlan, takeSeats, whenOf } from "./orders.ts";
import { addDays, addMonths, at, DAY, dayMs, isoDay, weekdayOf } from "./time.ts";

const MINUTE = 60_000;

/** Writes one planned order with everything that followed from it. */
export async function writeOrder(h: History, plan: OrderPlan) {
  const { t, rng } = h;
  const created = new Date(plan.created);
  const paid = plan.status === "paid" || plan.status === "refunded" || plan.status === "cancelled";
  // Invoices are numbered in the order they are issued: payments come in one after another.
  const paidAt = paid ? Math.max(plan.created + rng.int(2, 30) * MINUTE, h.lastPaidAt + 1000) : null;
  if (paidAt) h.lastPaidAt = paidAt;
  const checkoutCents = plan.priceCents - plan.discountCents - plan.giftCardCents;
  if (holdsSeat(plan)) takeSeats(h, plan);
  await t.orders.add(
    plan.id,
    plan.family.id,
    plan.status,
    plan.family.locale,
    plan.promocodeId,
    plan.giftCard?.id ?? null,
    plan.priceCents,
    plan.discountCents,
    plan.giftCardCents,
    checkoutCents,
    plan.items.reduce((s, i) => s + i.recurrentCents, 0),
    billingOf(plan.family),
    created,
    plan.family.firstName,
    plan.family.lastName,
    plan.status === "cart" ? 0 : 1,
    created,
    new Date(paidAt ?? plan.created + 31 * MINUTE),
    new Date(plan.created + MINUTE),
    paidAt ? new Date(paidAt) : null,
  );
  for (const item of plan.items) await writeItem(h, plan, item, paidAt);
  if (plan.promocodeId !== null && paid) {
    await t.redemptions.add(plan.promocodeId, plan.id, plan.family.id, plan.discountCents, created);
  }
  if (plan.giftCard && paidAt) {
    await t.ledger.add(plan.giftCard.id, plan.id, 1, "redeem", -plan.giftCardCents, new Date(paidAt));
  }
  const part = await writePayment(h, plan, checkoutCents, paidAt);
  if (!paidAt) return;
  // Invoices are numbered in the order they are issued: the contracts' months paid before this order first.
  await invoiceMonthsPaidBy(h, paidAt);
  await writeDocuments(h, plan, paidAt, part);
}

/** The invoices of the contracts' later months paid before `until` (D556), by when they were paid. */
export async function invoiceMonthsPaidBy(h: History, until: number) {
  const due = h.monthInvoices.filter((month) => month.paidAt < until);
  if (due.length === 0) return;
  h.monthInvoices = h.monthInvoices.filter((month) => month.paidAt >= until);
  due.sort((a, b) => a.paidAt - b.paidAt || a.paymentId - b.paymentId);
  for (const month of due) {
    const issued = new Date(month.paidAt);
    const line = {
      ...month.data.line,
      // Written as the shop's month invoices are (D556): in the family's language.
      when: `${MONTH_WORD[month.data.locale === "ru" ? "ru" : "de"]}: ${isoDay(month.paidAt)} – ${isoDay(month.periodEnd - DAY)}`,
      listCents: month.amountCents,
      discountCents: 0,
      totalCents: month.amountCents,
    };
    await h.t.invoices.add(
      h.ids.invoice++,
      month.orderId,
      "invoice",
      nextNumber(h, "RE", issued),
      issued,
      month.amountCents,
      {
        locale: month.data.locale,
        buyer: month.data.buyer,
        lines: [line],
        totalCents: month.amountCents,
        giftCardCents: 0,
        serviceFrom: isoDay(month.paidAt),
        serviceTo: isoDay(month.periodEnd - DAY),
        paymentReference: `PayPal ${month.reference}`,
      },
      month.paymentId,
    );
  }
}

async function writeItem(h: History, plan: OrderPlan, item: Booked, paidAt: number | null) {
  const { t } = h;
  const active = plan.status === "paid";
  // Items of a refunded or cancelled order are cancelled; unpaid ones stay as they were in the cart.
  let status = plan.status === "refunded" || plan.status === "cancelled" ? "cancelled" : "active";
  const at0 = new Date(plan.created);
  const code =
    paidAt && item.type !== "GiftCard" ? `ZJ${item.id.toString(36).toUpperCase().padStart(7, "0")}` : null;
  const sub = item.type === "Course" && paidAt ? planSubscription(h, plan, item, paidAt) : null;
  const end = sub?.end ?? null;
  if (sub && !sub.running) status = "cancelled";
  await t.items.add(
    item.id,
    plan.id,
    item.pageId,
    item.optionId,
    item.child?.id ?? null,
    item.scheduleType,
    item.listCents,
    item.siblingCents,
    item.promoCents,
    item.recurrentCents,
    item.type === "Academy" ? 1 : null,
    item.type === "GiftCard"
      ? { recipientName: "", message: "", deliverTo: "buyer", recipientEmail: null, sendOn: null }
      : null,
    status,
    item.type === "Course" && paidAt ? "active" : "none",
    code,
    at0,
    at0,
  );
  if (sub && paidAt) await writeSubscription(h, plan, item, paidAt, sub);
  if (item.weeklySlot !== null) await t.itemSlots.add(item.id, item.weeklySlot);
  if (item.unit && item.type === "Academy") await t.itemWeeks.add(item.id, item.unit.id);
  else if (item.unit) await t.itemSlots.add(item.id, item.unit.id);
  if (!paidAt) return;
  if (item.type === "GiftCard") await issueCard(h, plan, item, paidAt);
  else if (active) await writeAttendance(h, item, paidAt, end);
}

type SubscriptionPlan = { months: number; end: number; running: boolean };

/**
 * A course's subscription: one to eighteen months, the later ones paid monthly; running at the decade's
 * end only while its slot has a seat left, else ended before.
 */
function planSubscription(h: History, plan: OrderPlan, item: Booked, paidAt: number): SubscriptionPlan {
  const { rng } = h;
  // Most children stay a few months, some a school year and more.
  let months = plan.status !== "paid" ? 1 : rng.chance(0.15) ? rng.int(7, 18) : rng.int(1, 5);
  // A refunded or cancelled order's subscription ended the day after it began.
  let end = plan.status === "paid" ? addMonths(paidAt, months) : paidAt + DAY;
  const slot = item.weeklySlot ?? 0;
  const seats = h.catalogue.weekly.get(item.pageId)?.find((s) => s.id === slot)?.seats ?? 0;
  if (end > h.decade.end && plan.status === "paid") {
    if ((h.running.get(slot) ?? 0) < seats - 1) {
      h.running.set(slot, (h.running.get(slot) ?? 0) + 1);
    } else {
      while (months > 1 && addMonths(paidAt, months) > h.decade.end) months--;
      end = addMonths(paidAt, months);
      if (end > h.decade.end) end = h.decade.end - DAY;
    }
  }
  return { months, end, running: end > h.decade.end };
}

async function writeSubscription(
  h: History,
  plan: OrderPlan,
  item: Booked,
  paidAt: number,
  sub: SubscriptionPlan,
) {
  const { t } = h;
  const { months, end, running } = sub;
  const id = h.ids.subscription++;
  const number = contractNumber(h);
  await t.subscriptions.add(
    id,
    item.id,
    number,
    running ? "running" : "ended",
    new Date(paidAt),
    new Date(end),
    plan.status === "paid" && !running ? new Date(end) : null,
    running ? "active" : "cancelled",
    new Date(paidAt),
    new Date(Math.min(end, h.decade.end)),
  );
  const line = {
    name: h.catalogue.pages.get(item.pageId)?.name[plan.family.locale] ?? "",
    productType: item.type,
    visitorName: item.child ? `${item.child.firstName} ${plan.family.lastName}` : null,
    place: null,
    contractNumber: number,
    vatExempt: true,
  };
  for (let m = 1; m < months; m++) {
    const from = addMonths(paidAt, m);
    if (from > h.decade.end) break;
    const paymentId = h.ids.subscriptionPayment++;
    const reference = `ZJ-S${id}-${m}`;
    const periodEnd = addMonths(paidAt, m + 1);
    await t.subscriptionPayments.add(
      paymentId,
      id,
      "paypal",
      reference,
      "autopay",
      item.recurrentCents,
      new Date(from),
      new Date(periodEnd),
      new Date(from),
    );
    h.monthInvoices.push({
      paymentId,
      orderId: plan.id,
      paidAt: from,
      periodEnd,
      amountCents: item.recurrentCents,
      reference,
      data: { locale: plan.family.locale, buyer: billingOf(plan.family), line },
    });
  }
}

function contractNumber(h: History): string {
  for (;;) {
    let s = "";
    for (let i = 0; i < CONTRACT_NUMBER_LENGTH; i++) {
      if (i > 0 && i % 4 === 0) s += "-";
      s += CONTRACT_NUMBER_ALPHABET[h.rng.int(0, CONTRACT_NUMBER_ALPHABET.length - 1)];
    }
    if (!h.contractNumbers.has(s)) {
      h.contractNumbers.add(s);
      return s;
    }
  }
}

/** Check-ins (and some absences) of the lessons held before the decade's end. */
async function writeAttendance(h: History, item: Booked, paidAt: number, end: number | null) {
  const { rng, t } = h;
  const days: { day: string; slot: number | null; start: string }[] = [];
  if (item.type === "Course" && item.weeklySlot !== null) {
    const slot = h.catalogue.weekly.get(item.pageId)?.find((s) => s.id === item.weeklySlot);
    if (!slot) return;
    let day = addDays(isoDay(paidAt), 1);
    while (weekdayOf(day) !== slot.weekday) day = addDays(day, 1);
    const last = Math.min(end ?? h.decade.end, h.decade.end - DAY);
    for (; dayMs(day) < last; day = addDays(day, 7)) days.push({ day, slot: slot.id, start: slot.start });
  } else if (item.unit && item.type === "Academy") {
    for (let d = 0; d < 5; d++) days.push({ day: addDays(item.unit.day, d), slot: null, start: "09:00" });
  } else if (item.unit) {
    days.push({ day: item.unit.day, slot: item.unit.id, start: item.unit.start });
  }
  for (const d of days) {
    if (dayMs(d.day) >= h.decade.end - DAY) break;
    const staff = rng.pick(h.staff).id;
    const r = rng.next();
    if (r < 0.86) await t.checkins.add(item.id, d.day, d.slot, staff, at(d.day, d.start));
    else if (r < 0.92) await t.absences.add(item.id, d.day, staff, at(d.day, d.start));
  }
}

async function issueCard(h: History, plan: OrderPlan, item: Booked, paidAt: number) {
  const id = h.ids.giftCard++;
  const card = {
    id,
    code: `ZJ-${id.toString(36).toUpperCase().padStart(4, "0")}-${h.rng.int(1000, 9999)}`,
    initialCents: item.listCents,
    balanceCents: item.listCents,
    itemId: item.id,
    buyer: plan.family.id,
    createdAt: paidAt,
  };
  if (plan.status !== "paid") card.balanceCents = 0;
  h.giftCards.push(card);
  await h.client.query(
    `insert into gift_cards (id, code, initial_cents, balance_cents, expires_at, order_item_id, buyer_user_id, created_at)
     values ($1, $2, $3, $3, $4, $5, $6, $7)`,
    [
      id,
      card.code,
      card.initialCents,
      new Date(paidAt + 3 * 365 * DAY),
      item.id,
      plan.family.id,
      new Date(paidAt),
    ],
  );
  await h.t.ledger.add(id, plan.id, 0, "issue", item.listCents, new Date(paidAt));
  if (plan.status !== "paid")
    await h.t.ledger.add(id, plan.id, 1, "withdrawal", -item.listCents, new Date(paidAt + DAY));
}

/** What the school gave back of one booking of a paid order, and when. */
type PartRefund = { item: Booked; cents: number; reason: string; issuedAt: number };

/** The order's payment (and its refund); the part given back of a booking when the school gave some. */
async function writePayment(
  h: History,
  plan: OrderPlan,
  amount: number,
  paidAt: number | null,
): Promise<PartRefund | null> {
  const id = h.ids.payment++;
  const gateway = plan.id % 10 < 7 ? "paypal" : "stripe";
  const created = new Date(plan.created + MINUTE);
  if (amount === 0 || plan.status === "cart") return null;
  if (!paidAt) {
    const status = plan.status === "declined" ? "failed" : "created";
    await h.t.payments.add(
      id,
      plan.id,
      gateway,
      `ZJ-O${plan.id}`,
      status,
      amount,
      null,
      0,
      created,
      created,
      null,
    );
    return null;
  }
  const partly = plan.status === "paid" ? partRefundOf(h, plan, amount) : null;
  const refunded = plan.status === "paid" ? (partly?.cents ?? 0) : amount;
  const captured = new Date(paidAt);
  await h.t.payments.add(
    id,
    plan.id,
    gateway,
    `ZJ-O${plan.id}`,
    refunded === amount ? "refunded" : "captured",
    amount,
    `ZJ-C${plan.id}`,
    refunded,
    created,
    captured,
    captured,
  );
  if (partly) return { ...partly, issuedAt: await writePartRefund(h, plan, id, partly, paidAt) };
  if (refunded) {
    const when = new Date(paidAt + h.rng.int(1, 20) * DAY);
    const reason = plan.status === "refunded" ? "withdrawal" : "staff_cancel";
    await h.t.refunds.add(id, `ZJ-R${plan.id}`, refunded, reason, "COMPLETED", when);
  }
  return null;
}

/** The request ids of generated part refunds: a UUID per order, which `finish` finds them by. */
export const PART_REFUND_REQUEST_PREFIX = "00000000-0000-4000-8000-";

/** Reasons the school gives back part of a booking's price (the staff refund's own words). */
const PART_REFUND_REASONS = [
  "Zwei Stunden wegen Krankheit der Lehrerin ausgefallen",
  "Kulanz: Kind war drei Wochen krank",
  "Ausflug entfallen, Eintritt erstattet",
  "Doppelt gebuchte Materialpauschale",
];

/**
 * About one paid order in twenty-five with two or more bookings has part of one booking's price given back
 * by the school (a staff refund, D127): the booking stays, the payment is partly refunded, and the refund
 * has its credit note. The order list's "teilweise erstattet" finds these (D502).
 */
function partRefundOf(h: History, plan: OrderPlan, amount: number) {
  if (plan.items.length < 2 || !h.rng.chance(0.04)) return null;
  const item = plan.items[h.rng.int(0, plan.items.length - 1)] as Booked;
  const paid = item.listCents - item.siblingCents - item.promoCents;
  // About half the booking in whole euros, and at least a euro less than the payment.
  const cents = Math.min(Math.round(paid / 200), Math.floor(amount / 100) - 1) * 100;
  if (item.type === "GiftCard" || cents < 500) return null;
  return { item, cents, reason: PART_REFUND_REASONS[h.rng.int(0, PART_REFUND_REASONS.length - 1)] ?? "" };
}

async function writePartRefund(
  h: History,
  plan: OrderPlan,
  paymentId: number,
  part: { item: Booked; cents: number; reason: string },
  paidAt: number,
) {
  // Days or weeks after the payment, never after the decade's last day.
  const when = Math.min(paidAt + h.rng.int(3, 60) * DAY, Math.max(paidAt + MINUTE, h.decade.end));
  const staff = h.staff[h.rng.int(0, h.staff.length - 1)];
  await h.t.refunds.add(paymentId, `ZJ-P${plan.id}`, part.cents, "staff", "COMPLETED", new Date(when));
  await h.t.staffRefunds.add(
    `${PART_REFUND_REQUEST_PREFIX}${plan.id.toString(16).padStart(12, "0")}`,
    plan.id,
    part.item.id,
    staff?.id ?? null,
    part.reason,
    part.cents,
    false,
    "completed",
    paymentId,
    1,
    new Date(when),
    new Date(when),
  );
  return when;
}

/** The invoice (and for a refunded or cancelled order its credit note) and the confirmation mail. */
async function writeDocuments(h: History, plan: OrderPlan, paidAt: number, part: PartRefund | null) {
  const issued = new Date(paidAt);
  const lines = plan.items.map((item) => {
    const when = whenOf(item, paidAt);
    const total = item.listCents - item.siblingCents - item.promoCents;
    return {
      name: h.catalogue.pages.get(item.pageId)?.name[plan.family.locale] ?? "",
      productType: item.type,
      visitorName: item.child ? `${item.child.firstName} ${plan.family.lastName}` : null,
      when: when.from === when.to ? when.from : `${when.from} – ${when.to}`,
      place: null,
      listCents: item.listCents,
      discountCents: item.siblingCents + item.promoCents,
      totalCents: total,
      vatExempt: item.type !== "GiftCard",
      ...(item.type === "GiftCard" ? { voucher: true as const } : {}),
      from: when.from,
      to: when.to,
    };
  });
  const totalCents = lines.reduce((s, l) => s + l.totalCents, 0);
  const data = {
    locale: plan.family.locale,
    buyer: billingOf(plan.family),
    lines: lines.map(({ from, to, ...line }) => line),
    totalCents,
    giftCardCents: plan.giftCardCents,
    serviceFrom: lines.map((l) => l.from).sort()[0] ?? null,
    serviceTo:
      lines
        .map((l) => l.to)
        .sort()
        .at(-1) ?? null,
    paymentReference: `PayPal ZJ-C${plan.id}`,
  };
  const number = nextNumber(h, "RE", issued);
  const invoiceId = h.ids.invoice++;
  await h.t.invoices.add(invoiceId, plan.id, "invoice", number, issued, totalCents, data);
  await h.t.mails.add(
    plan.family.email,
    plan.family.locale === "de" ? `Ihre Buchung ${number}` : `Ваше бронирование ${number}`,
    `<p>${plan.family.firstName}, danke.</p>`,
    `${plan.family.firstName}, danke.`,
    "order-confirmation",
    plan.family.locale,
    [{ kind: "invoice-pdf", invoiceId, filename: `${number}.pdf` }],
    "sent",
    1,
    issued,
    issued,
    new Date(paidAt + MINUTE),
  );
  if (part) {
    // The part refund's credit note: the booking's line at the amount given back.
    const line = data.lines[plan.items.indexOf(part.item)];
    h.creditNotes.push({
      orderId: plan.id,
      issuedAt: part.issuedAt,
      totalCents: part.cents,
      data: {
        ...data,
        lines: line ? [{ ...line, listCents: part.cents, discountCents: 0, totalCents: part.cents }] : [],
        totalCents: part.cents,
        giftCardCents: 0,
        corrects: number,
        correctsIssuedOn: isoDay(paidAt),
      },
    });
  }
  if (plan.status === "paid") return;
  const when = paidAt + h.rng.int(1, 20) * DAY;
  h.creditNotes.push({
    orderId: plan.id,
    issuedAt: when,
    totalCents,
    data: { ...data, corrects: number, correctsIssuedOn: isoDay(paidAt) },
  });
}

export function nextNumber(h: History, prefix: "RE" | "GS", issued: Date): string {
  const series = `${prefix}-${issued.getUTCFullYear()}`;
  const n = (h.counters.get(series) ?? 0) + 1;
  h.counters.set(series, n);
  return `${series}-${String(n).padStart(6, "0")}`;
}
