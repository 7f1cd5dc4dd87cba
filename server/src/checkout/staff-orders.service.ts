import { randomBytes } from "node:crypto";
import { childRequiredAtCheckout, type Locale, type StaffOrderItemInput } from "@atelier/contract";
import { findUserById } from "../accounts/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { EMPTY_BILLING } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail, mailTextCleared, resendMailAtMost } from "../mail/index.ts";
import { addBooking, applyPromocode, type CartService, findCartItems } from "../orders/index.ts";
import { findBillingOfUser, findOrder, lockUnits, type OrderRow, stageOrder } from "./checkout.repository.ts";
import {
  findLinkByOrder,
  findLinkByRequest,
  insertLink,
  insertOrderForParent,
  setLinkMail,
} from "./payment-links.repository.ts";
import { redeemPromocode, spendGiftCard } from "./stage.ts";

/** What staff (or a confirmed party request) ask to be built for a parent (D156, D160). */
export type StaffOrderRequest = {
  requestId: string;
  parentId: number;
  /** null: RESERVATION_MINUTES. */
  holdMinutes: number | null;
  items: StaffOrderItemInput[];
  staffId: number;
  /** A confirmed party's day; the mail says it. */
  partyDate?: string | null;
  /** A code the parent named: applied by the cart's own promocode rule (D316); "" or absent for none. */
  promocode?: string;
  /**
   * The language of the order and its mails: a party request's own (D552); absent, the account's. The
   * request's receipt and a decline are in the request's language, so its confirmation is too.
   */
  locale?: Locale;
};

export type StaffOrderBuilt = { order: OrderRow; created: boolean; mailId: number | null };

export type StaffOrdersDeps = {
  db: Db;
  cart: CartService;
  reservationMinutes: number;
  /** Where the mailed link points: WEB_URL/pay/{token}. */
  webUrl: string;
  publicUrl: string;
};

/** Another request with the same id committed first: the caller answers its order instead. */
class RequestRaced extends Error {}

/** Thrown to roll a quote's transaction back with its answer (D275). */
class QuoteDone extends Error {
  constructor(readonly quote: StaffOrderQuote) {
    super("quote");
  }
}

/** What a booking by phone would cost, line by line (D275). */
export type StaffOrderQuote = {
  lines: {
    productName: string;
    optionName: string;
    childName: string | null;
    priceCents: number;
    amountCents: number;
  }[];
  totalCheckoutCents: number;
  totalRecurrentCents: number;
};

/** How often and how fast the payment link may be mailed again (D276). */
export const LINK_RESEND = { max: 5, windowMs: 5 * 60_000 } as const;

/**
 * The order priced inside `tx` by the cart's own rules (age, seats under the units' locks, sibling
 * discount), staged for `holdMinutes`: what `build` mails and `quote` answers before rolling back.
 */
async function priceOrder(
  { cart, reservationMinutes }: Pick<StaffOrdersDeps, "cart" | "reservationMinutes">,
  tx: Tx,
  request: Omit<StaffOrderRequest, "requestId" | "staffId">,
) {
  const found = await findUserById(tx, request.parentId);
  if (!found) throw AppError.validation("parent", "invalid_choice");
  const parent = { ...found, locale: request.locale ?? found.locale };
  const billing = (await findBillingOfUser(tx, parent.id)) ?? EMPTY_BILLING;
  const order = await insertOrderForParent(tx, { userId: parent.id, locale: parent.locale, billing });
  // Every unit booked is locked first (slots before weeks, ascending), as checkout does.
  await lockUnits(
    tx,
    request.items.flatMap((item) => item.schedule_slots),
    request.items.flatMap((item) => item.academy_weeks),
  );
  for (const item of request.items) {
    await addBooking(cart.deps, tx, order, {
      product: null,
      product_page: item.product_page,
      purchase_option: item.purchase_option,
      visitor: item.visitor,
      schedule_slots: item.schedule_slots,
      academy_weeks: item.academy_weeks,
      academy_number_of_weeks: null,
      comment: item.comment,
      gift_card: null,
    });
  }
  if (request.promocode) await applyPromocode(cart.deps, tx, order, request.promocode);
  const items = await findCartItems(tx, order.id, parent.locale);
  // A party is booked for the family, not a child (D160); everything else needs its child before payment.
  const partyOrder = request.partyDate != null;
  if (
    !partyOrder &&
    items.some((item) => childRequiredAtCheckout(item.scheduleType) && item.visitorId === null)
  )
    throw AppError.validation("visitor", "visitor_required_at_checkout");
  // The gift card's part and the code's use are taken as a parent's checkout takes them (D505): without
  // them a card named on the phone kept its balance and paid again, and a code's uses went uncounted.
  // The units are locked before the card here (they are checked while the lines are added); a checkout
  // locks the card first, so a phone booking and a parent's checkout of the same card and the same last
  // seat at one moment can deadlock, and PostgreSQL then refuses one of them.
  const staged = await spendGiftCard(
    tx,
    await stageOrder(tx, order.id, {
      minutes: request.holdMinutes ?? reservationMinutes,
      billing,
      termsAccepted: false,
      locale: parent.locale,
    }),
  );
  if (staged.promocodeId !== null) await redeemPromocode(tx, staged.promocodeId, staged.id, parent.id, items);
  const lines = items.map((item) => ({
    productName: item.pageName,
    optionName: item.optionName,
    childName:
      item.visitorFirstName === null ? null : `${item.visitorFirstName} ${item.visitorLastName ?? ""}`.trim(),
    priceCents: item.calculatedPriceCents,
    amountCents: item.calculatedPriceCents - item.siblingDiscountCents - item.promocodeDiscountCents,
  }));
  return { parent, staged, lines };
}

/**
 * `POST /api/v2/admin/staff-orders/quote/` (D275): the order built and priced as `create` builds it, in a
 * transaction that is then rolled back, so the price shown is the one saved and nothing is kept.
 */
async function quoteOrder(
  deps: Pick<StaffOrdersDeps, "db" | "cart" | "reservationMinutes">,
  request: Omit<StaffOrderRequest, "requestId" | "staffId" | "holdMinutes">,
): Promise<StaffOrderQuote> {
  try {
    await deps.db.transaction(async (tx) => {
      const { staged, lines } = await priceOrder(deps, tx, { ...request, holdMinutes: null });
      throw new QuoteDone({
        lines,
        totalCheckoutCents: staged.totalCheckoutCents,
        totalRecurrentCents: staged.totalRecurrentCents,
      });
    });
  } catch (error) {
    if (error instanceof QuoteDone) return error.quote;
    throw error;
  }
  throw new Error("a quote ended without its answer");
}

/**
 * `POST /api/v2/admin/orders/{id}/resend-payment-link/` (D276): the mail that carried the order's link
 * copied to the parent again, as written in their language. Only while the order waits for its
 * payment and its seats are held; a copy made within LINK_RESEND.windowMs (or still waiting) is the
 * answer, and at most LINK_RESEND.max copies go. `audit` runs in the copy's transaction.
 */
async function resendLink(
  db: Db,
  orderId: number,
  audit: (tx: Tx, copy: { id: number; original: number }) => Promise<void>,
): Promise<{ mail: number }> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw AppError.notFound();
    const link = await findLinkByOrder(tx, orderId);
    if (!link) throw AppError.validation("non_field_errors", "no_payment_link");
    if (order.status !== "awaiting_payment")
      throw AppError.validation("non_field_errors", "payment_link_closed");
    if (!order.reservedUntil || order.reservedUntil.getTime() <= Date.now())
      throw AppError.validation("non_field_errors", "payment_link_expired");
    if (link.mailId === null) throw AppError.validation("non_field_errors", "no_payment_link");
    const copy = await resendMailAtMost(tx, link.mailId, LINK_RESEND);
    if (copy === "limit") throw AppError.validation("non_field_errors", "payment_link_resend_limit");
    if (copy === "cleared") throw mailTextCleared();
    if (!copy) throw AppError.validation("non_field_errors", "no_payment_link");
    if (copy.created) await audit(tx, { id: copy.id, original: link.mailId });
    return { mail: copy.id };
  });
}

export type StaffOrders = ReturnType<typeof createStaffOrders>;

/**
 * Orders staff build for a parent who called (D156): the items are checked and priced by the cart's own
 * rules (age, seats under the units' locks, sibling discount), the seats are held for the chosen time,
 * and the parent is mailed a payment link (D157) in their language, all in one transaction.
 */
export function createStaffOrders({ db, cart, reservationMinutes, webUrl, publicUrl }: StaffOrdersDeps) {
  async function replay(tx: Db | Tx, requestId: string): Promise<StaffOrderBuilt | undefined> {
    const link = await findLinkByRequest(tx, requestId);
    if (!link) return undefined;
    const order = await findOrder(tx, link.orderId);
    return order ? { order, created: false, mailId: null } : undefined;
  }

  /** Builds the order inside the caller's transaction; a request id seen before answers the first order. */
  async function build(tx: Tx, request: StaffOrderRequest): Promise<StaffOrderBuilt> {
    const seen = await replay(tx, request.requestId);
    if (seen) return seen;
    const { parent, staged, lines } = await priceOrder({ cart, reservationMinutes }, tx, request);
    const token = randomBytes(32).toString("base64url");
    const link = await insertLink(tx, {
      orderId: staged.id,
      token,
      requestId: request.requestId,
      createdBy: request.staffId,
    });
    if (!link) throw new RequestRaced();
    const mail = await enqueueMail(
      tx,
      {
        to: parent.email,
        template: "payment-link",
        locale: parent.locale,
        data: {
          parentFirstName: parent.firstName,
          orderId: staged.id,
          lines: lines.map(({ priceCents: _list, ...line }) => line),
          // A gift card named on the phone paid part (D505): the mail shows it above the total (D552).
          giftCardCents: staged.giftCardCents,
          totalCents: staged.totalCheckoutCents,
          reservedUntil: (staged.reservedUntil ?? new Date()).toISOString(),
          link: `${webUrl}/pay/${token}?locale=${parent.locale}`,
          partyDate: request.partyDate ?? null,
        },
      },
      { publicUrl },
    );
    await setLinkMail(tx, link.id, mail.id);
    return { order: staged, created: true, mailId: mail.id };
  }

  return {
    build,
    quote: (request: Parameters<typeof quoteOrder>[1]) =>
      quoteOrder({ db, cart, reservationMinutes }, request),
    resendLink: (orderId: number, audit: Parameters<typeof resendLink>[2]) => resendLink(db, orderId, audit),

    /**
     * `POST /api/v2/admin/staff-orders/`: builds the order and runs `audit` in the same transaction. Two
     * requests with one id build one order: the second waits on the first's link and answers its order.
     */
    async create(
      request: StaffOrderRequest,
      audit: (tx: Tx, built: StaffOrderBuilt) => Promise<void>,
    ): Promise<StaffOrderBuilt> {
      try {
        return await db.transaction(async (tx) => {
          const built = await build(tx, request);
          if (built.created) await audit(tx, built);
          return built;
        });
      } catch (error) {
        // The same request committed meanwhile: its order is the answer. Not only when this one reached
        // the link: waiting on the units' locks behind it, this one can also find the card it named spent
        // or the code used up by that very order (D505), and must not answer that refusal.
        const first = await replay(db, request.requestId);
        if (!first) throw error;
        return first;
      }
    },
  };
}
