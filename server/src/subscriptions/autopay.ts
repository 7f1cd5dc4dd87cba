// Turning autopay on (D72, D115): the PayPal subscription the parent's buttons approve, or Stripe's
// Checkout Session in subscription mode. The gateway is called outside row locks; the result is stored
// under the subscription's lock only if nobody stored another meanwhile.
import type { Locale } from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import { eur, GatewayError, type PaymentGateway } from "../payments/index.ts";
import { ownedSubscriptionOrRefuse } from "./owned-subscription.ts";
import type { SubscriptionsContext } from "./subscriptions.deps.ts";
import {
  findCatalogId,
  findSubscriptionById,
  type OwnedSubscription,
  storeCatalogId,
  updateSubscription,
} from "./subscriptions.repository.ts";

const PRODUCT_KEY = "course-subscription";
const planKey = (cents: number) => `plan-EUR-${cents}`;

/**
 * `POST /orders/subscriptions/{id}/make_recurring/`: the PayPal subscription the buttons approve, or
 * (`payment_gateway=stripe`, D115) the Stripe Checkout Session in subscription mode the parent is sent to.
 */
export async function makeRecurring(
  ctx: SubscriptionsContext,
  userId: number,
  itemId: number,
  locale: Locale,
  requested: "paypal" | "stripe" = "paypal",
): Promise<{ id: string; url?: string }> {
  const { db, gateway, log } = ctx;
  const via = gateway.forCheckout?.(requested) ?? gateway;
  const owned = await ownedSubscriptionOrRefuse(db, userId, itemId, locale);
  const { sub } = owned;
  if (sub.status !== "running" || owned.itemStatus === "cancelled")
    throw AppError.validation("non_field_errors", "not_a_subscription");
  if (sub.cancelAt) throw AppError.validation("non_field_errors", "subscription_cancelled");
  const known = sub.gatewaySubscriptionId;
  if (known && sub.autopay === "active") return { id: known };
  if (known && sub.autopay === "pending") {
    const stripeSession = known.startsWith("cs_");
    if (!stripeSession && via.name !== "stripe") return { id: known };
    if (stripeSession) {
      const session = await gateway.getOrder(known).catch(() => undefined);
      // Completed: Stripe's subscription exists and its event is on the way (D512). Asked again meanwhile
      // (a page left open), nothing is replaced, on either gateway: that would cancel what the parent just
      // set up. The parent is told it is being set up.
      if (session?.status === "COMPLETED" || session?.status === "APPROVED")
        throw AppError.validation("non_field_errors", "autopay_pending");
      // A Stripe page still open is offered again; an expired one, or a switch of gateway, makes a new one.
      if (via.name === "stripe" && session?.approveUrl && session.status === "CREATED")
        return { id: known, url: session.approveUrl };
    }
  }

  try {
    // The one this replaces (awaiting approval on the other gateway, an expired page, or suspended after a
    // failed charge) is stopped first, so it can never charge beside the new one (D512). PayPal cannot
    // cancel one still awaiting approval: approved later, its activation is cancelled (`stopUnwanted`).
    if (known && (sub.autopay === "pending" || sub.autopay === "suspended"))
      await gateway.cancelSubscription(known, "Ersetzt durch eine neue Zahlungsart");
    const planId = await monthlyPlan(ctx, via, owned.monthlyCents);
    // The first charge when the paid month ends; PayPal wants a start in the future.
    const startTime = new Date(Math.max(sub.periodEnd.getTime(), Date.now() + 60_000));
    const created = await via.createSubscription(
      {
        planId,
        customId: String(owned.itemId),
        startTime,
        locale,
        returnUrl: `${ctx.webUrl}/profile?tab=sales-success`,
        cancelUrl: `${ctx.webUrl}/profile?tab=sales-fail`,
      },
      // A new subscription after a cancelled one is a new request; a retry replays the same one.
      `atelier-sub-${sub.id}-after-${sub.gatewaySubscriptionId ?? "none"}`,
    );
    const stored = await storeSubscription(ctx, owned, created.id);
    const id = stored?.gatewaySubscriptionId ?? created.id;
    return via.name === "stripe" && id === created.id && created.approveUrl
      ? { id, url: created.approveUrl }
      : { id };
  } catch (error) {
    if (error instanceof GatewayError) {
      log.warn({ err: error, itemId, gateway: via.name }, "autopay subscription could not be created");
      throw new AppError("payment_unavailable", 503, "non_field_errors");
    }
    throw error;
  }
}

/** The gateway's plan for a monthly price, made once (with its product) and remembered by its key. */
async function monthlyPlan(ctx: SubscriptionsContext, via: PaymentGateway, monthlyCents: number) {
  const productId = await catalogId(ctx, via, PRODUCT_KEY, () =>
    via.createProduct(
      // One product and plan serve parents of both languages: PayPal shows their names as they are.
      {
        name: "Kurs-Abo / Абонемент на курс",
        description: "Monatliches Kurs-Abo / Ежемесячный абонемент: Atelier Kunst- und Sprachschule",
      },
      `atelier-product-${PRODUCT_KEY}`,
    ),
  );
  return catalogId(ctx, via, planKey(monthlyCents), () =>
    via.createMonthlyPlan(
      {
        productId,
        name: `Kurs-Abo / Абонемент ${eur(monthlyCents).value} EUR / Monat / месяц`,
        priceCents: monthlyCents,
      },
      `atelier-${planKey(monthlyCents)}`,
    ),
  );
}

async function catalogId(
  { db }: SubscriptionsContext,
  via: PaymentGateway,
  key: string,
  create: () => Promise<{ id: string }>,
) {
  const known = await findCatalogId(db, via.name, key);
  if (known) return known;
  const created = await create();
  return storeCatalogId(db, via.name, key, created.id);
}

/** Stores the new gateway subscription unless another request stored one since this one read the row. */
async function storeSubscription({ db }: SubscriptionsContext, owned: OwnedSubscription, createdId: string) {
  const { sub } = owned;
  return db.transaction(async (tx) => {
    const locked = await findSubscriptionById(tx, sub.id, true);
    if (!locked || locked.gatewaySubscriptionId !== sub.gatewaySubscriptionId) return locked;
    return updateSubscription(tx, sub.id, {
      gatewaySubscriptionId: createdId,
      autopay: "pending",
      autopayChangedAt: null,
    });
  });
}
