import { randomBytes } from "node:crypto";
import { childRequiredAtCheckout, type StaffOrderItemInput } from "@atelier/contract";
import { findUserById } from "../accounts/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { EMPTY_BILLING } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { type CartService, findCartItems } from "../orders/index.ts";
import { findBillingOfUser, findOrder, lockUnits, type OrderRow, stageOrder } from "./checkout.repository.ts";
import { findLinkByRequest, insertLink, insertOrderForParent } from "./payment-links.repository.ts";

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

export type StaffOrders = ReturnType<typeof createStaffOrders>;

/**
 * Orders staff build for a parent who called (D156): the items are checked and priced by the cart's own
 * rules (age, seats under the units' locks, sibling discount), the seats are held for the chosen time,
 * and the parent is mailed a payment link (D157) in their language, all in one transaction.
 */
export function createStaffOrders({ db, cart, reservationMinutes, webUrl, publicUrl }: StaffOrdersDeps) {
  const { addBooking } = cart.internals;

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
    const parent = await findUserById(tx, request.parentId);
    if (!parent) throw AppError.validation("parent", "invalid_choice");
    const billing = (await findBillingOfUser(tx, parent.id)) ?? EMPTY_BILLING;
    const order = await insertOrderForParent(tx, { userId: parent.id, locale: parent.locale, billing });
    // Every unit booked is locked first (slots before weeks, ascending), as checkout does.
    await lockUnits(
      tx,
      request.items.flatMap((item) => item.schedule_slots),
      request.items.flatMap((item) => item.academy_weeks),
    );
    for (const item of request.items) {
      await addBooking(
        tx,
        order,
        {
          product: null,
          product_page: item.product_page,
          purchase_option: item.purchase_option,
          visitor: item.visitor,
          schedule_slots: item.schedule_slots,
          academy_weeks: item.academy_weeks,
          academy_number_of_weeks: null,
          comment: item.comment,
          gift_card: null,
        },
        parent.locale,
      );
    }
    const items = await findCartItems(tx, order.id, parent.locale);
    // A party is booked for the family, not a child (D160); everything else needs its child before payment.
    const partyOrder = request.partyDate != null;
    if (
      !partyOrder &&
      items.some((item) => childRequiredAtCheckout(item.scheduleType) && item.visitorId === null)
    )
      throw AppError.validation("visitor", "visitor_required_at_checkout");
    const staged = await stageOrder(tx, order.id, {
      minutes: request.holdMinutes ?? reservationMinutes,
      billing,
      termsAccepted: false,
      locale: parent.locale,
    });
    const token = randomBytes(32).toString("base64url");
    const link = await insertLink(tx, {
      orderId: order.id,
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
          lines: items.map((item) => ({
            productName: item.pageName,
            optionName: item.optionName,
            childName:
              item.visitorFirstName === null
                ? null
                : `${item.visitorFirstName} ${item.visitorLastName ?? ""}`.trim(),
            amountCents: item.calculatedPriceCents - item.siblingDiscountCents - item.promocodeDiscountCents,
          })),
          totalCents: staged.totalCheckoutCents,
          reservedUntil: (staged.reservedUntil ?? new Date()).toISOString(),
          link: `${webUrl}/pay/${token}?locale=${parent.locale}`,
          partyDate: request.partyDate ?? null,
        },
      },
      { publicUrl },
    );
    return { order: staged, created: true, mailId: mail.id };
  }

  return {
    build,

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
        if (!(error instanceof RequestRaced)) throw error;
        const first = await replay(db, request.requestId);
        if (!first) throw error;
        return first;
      }
    },
  };
}
