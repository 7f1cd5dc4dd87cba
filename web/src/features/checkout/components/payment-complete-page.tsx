import "../i18n.ts";
import { type ApiOrderStatus, type Order, type OrderItem, PAGE_TITLES } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AcademyWeekList } from "../../../components/academy-week-list.tsx";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { berlinDateTime, formatTime, slotDay } from "../../../lib/format.ts";
import { formatEuro } from "../../../lib/money.ts";
import { orderOptions } from "../api/checkout-api.ts";

/** How the page words an order's status. */
export type Outcome =
  | "paid"
  | "awaiting"
  | "processing"
  | "declined"
  | "expired"
  | "cancelled"
  | "refunded"
  | "open";

const OUTCOME: Record<ApiOrderStatus, Outcome> = {
  payment_fulfilled: "paid",
  payment_staged: "awaiting",
  payment_declined: "declined",
  expired: "expired",
  cancelled: "cancelled",
  refunded: "refunded",
  in_cart: "open",
};

/** While the payment is still being confirmed (a webhook or the reconciliation may finish it), ask again. */
const AWAITING_POLL_MS = 3000;

/**
 * /payment-complete/{id}: the outcome of the order (announced in a live region), each booked child with the
 * offer, dates or weekdays and times, weeks and price, the invoice number, and what happens next.
 */
export function PaymentCompletePage({
  userKey,
  id,
  processing = false,
  onSignIn,
}: {
  userKey: string | null;
  id: string;
  /** Back from Stripe with a SEPA debit still under way: an order awaiting payment says so. */
  processing?: boolean;
  onSignIn: () => void;
}) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  const order = useQuery({
    ...orderOptions(userKey ?? "guest", id),
    enabled: userKey !== null,
    refetchInterval: (query) => (query.state.data?.status === "payment_staged" ? AWAITING_POLL_MS : false),
  });

  let body: React.ReactNode;
  if (userKey === null) {
    body = (
      <div className="mt-6 space-y-4">
        <p>{t("complete.signIn")}</p>
        <button type="button" className={buttonStyles.primary} onClick={onSignIn}>
          {t("complete.signInButton")}
        </button>
      </div>
    );
  } else if (order.isPending) {
    body = (
      <p role="status" className="mt-6">
        {t("complete.loading")}
      </p>
    );
  } else if (order.isError) {
    body = (
      <p role="alert" className="mt-6">
        {order.error instanceof ApiError && order.error.status === 404
          ? t("complete.notFound")
          : t("complete.loadFailed")}
      </p>
    );
  } else {
    body = <OrderOutcome order={order.data} processing={processing} />;
  }

  return (
    <Container className="max-w-3xl py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">
        {PAGE_TITLES.paymentComplete[locale]}
      </h1>
      {body}
    </Container>
  );
}

function OrderOutcome({ order, processing }: { order: Order; processing: boolean }) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  const status = OUTCOME[order.status];
  const outcome: Outcome = status === "awaiting" && processing ? "processing" : status;
  const paidAt = order.paid_at ? berlinDateTime(order.paid_at, locale) : null;
  const card = order.gift_card?.applied_cents ?? 0;
  // A gift card bought alone is no booking: no seats, no QR code, no first lesson (D283).
  const giftOnly =
    order.items.length > 0 && order.items.every((item) => item.product_page.product_type === "GiftCard");
  const tone =
    outcome === "paid"
      ? "border-green-700 bg-green-50 text-green-900"
      : outcome === "awaiting" || outcome === "processing" || outcome === "open"
        ? "border-slate-500 bg-slate-50 text-slate-900"
        : "border-red-700 bg-red-50 text-red-900";
  return (
    <div className="mt-6 space-y-8">
      <div>
        <p className="text-sm text-slate-700">{t("complete.orderNumber", { id: order.id })}</p>
        {/* The live region is in the page from the start, so the outcome (and a change of it) is announced. */}
        <div role="status" aria-live="polite" data-testid="payment-outcome" data-outcome={outcome}>
          <p className={`mt-2 rounded-lg border-l-4 px-4 py-3 text-lg font-semibold ${tone}`}>
            {giftOnly && outcome === "paid" ? t("complete.gift.paid") : t(`complete.outcome.${outcome}`)}
          </p>
        </div>
      </div>

      <Bookings order={order} />

      <section aria-labelledby="payment-summary" className="space-y-2">
        <h2 id="payment-summary" className="text-xl font-bold text-slate-900">
          {t("complete.summaryHeading")}
        </h2>
        <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="payment-summary">
          {/* What a gift card paid, as the checkout showed it (D487): without it a paid order read "0 €" (D496). */}
          {card > 0 && order.gift_card ? (
            <>
              <dt>{t("step.giftCard", { code: order.gift_card.code })}</dt>
              <dd className="text-right" data-testid="payment-gift-card">
                {formatEuro(card, locale)}
              </dd>
            </>
          ) : null}
          {card > 0 && outcome === "paid" && order.total_checkout_price_cents === 0 ? null : (
            <>
              <dt className="font-bold">
                {outcome !== "paid"
                  ? t("step.dueNow")
                  : card > 0
                    ? t("complete.paidBeside")
                    : t("complete.paid")}
              </dt>
              <dd className="text-right font-bold">{formatEuro(order.total_checkout_price_cents, locale)}</dd>
            </>
          )}
          {order.total_recurrent_price_cents > 0 ? (
            <>
              <dt>{t("complete.monthlyTotal")}</dt>
              <dd className="text-right">{formatEuro(order.total_recurrent_price_cents, locale)}</dd>
            </>
          ) : null}
          {order.invoice_number ? (
            <>
              <dt>{t("complete.invoice")}</dt>
              <dd className="text-right" data-testid="invoice-number">
                {order.invoice_number}
              </dd>
            </>
          ) : null}
          {paidAt ? (
            <>
              <dt>{t("complete.paidAt")}</dt>
              <dd className="text-right">{paidAt}</dd>
            </>
          ) : null}
        </dl>
      </section>

      {outcome === "paid" || outcome === "awaiting" || outcome === "processing" ? (
        <section aria-labelledby="next-steps" className="space-y-2">
          <h2 id="next-steps" className="text-xl font-bold text-slate-900">
            {t("complete.nextHeading")}
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            <li>{giftOnly ? t("complete.gift.nextMail") : t("complete.nextMail")}</li>
            <li>{giftOnly ? t("complete.gift.nextProfile") : t("complete.nextProfile")}</li>
            {giftOnly ? null : <li>{t("complete.nextQr")}</li>}
          </ul>
        </section>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {outcome === "declined" || outcome === "expired" || outcome === "cancelled" || outcome === "open" ? (
          <Link to="/cart" className={buttonStyles.primary}>
            {t("complete.toCart")}
          </Link>
        ) : (
          <Link to="/profile" search={{ tab: "sales" }} className={buttonStyles.primary}>
            {t("complete.toProfile")}
          </Link>
        )}
        <Link to="/courses" className={buttonStyles.secondary}>
          {t("complete.toCatalogue")}
        </Link>
      </div>
    </div>
  );
}

type Group = { key: string; heading: string; items: OrderItem[] };

function Bookings({ order }: { order: Order }) {
  const { t } = useTranslation("checkout");
  const groups: Group[] = [];
  for (const item of order.items) {
    const gift = item.product_page.product_type === "GiftCard" || item.visitor_name === null;
    const key = gift ? "gift" : `v${item.visitor?.id ?? item.visitor_name}`;
    let group = groups.find((g) => g.key === key);
    if (!group) {
      group = {
        key,
        heading: gift ? t("complete.giftCards") : t("complete.forChild", { name: item.visitor_name }),
        items: [],
      };
      groups.push(group);
    }
    group.items.push(item);
  }
  return (
    <section aria-labelledby="bookings-heading" className="space-y-6">
      <h2 id="bookings-heading" className="text-xl font-bold text-slate-900">
        {t("complete.bookingsHeading")}
      </h2>
      {groups.map((group) => (
        <BookingGroup key={group.key} group={group} />
      ))}
    </section>
  );
}

function BookingGroup({ group }: { group: Group }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {group.heading}
      </h3>
      <ul className="mt-2 space-y-3">
        {group.items.map((item) => (
          <li
            key={item.id}
            className="rounded-2xl border border-slate-300 bg-white p-4"
            data-testid="booked-item"
          >
            <BookedItem item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BookedItem({ item }: { item: OrderItem }) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-bold text-slate-900">{item.product_page.name}</p>
          <p className="text-sm text-slate-700">
            {t("complete.option", { name: item.purchase_option_name })}
          </p>
        </div>
        <div className="text-right">
          <p className="font-bold">
            {formatEuro(item.list_price_cents - item.discount_amount_cents, locale)}
          </p>
          {item.recurrent_price_cents > 0 ? (
            <p className="text-sm text-slate-700">
              {t("complete.monthly", { price: formatEuro(item.recurrent_price_cents, locale) })}
            </p>
          ) : null}
        </div>
      </div>
      {item.schedule_slot_details.length > 0 ? (
        <ul className="mt-2 text-sm text-slate-800">
          {item.schedule_slot_details.map((slot) => (
            <li key={slot.id}>
              {t("complete.time", {
                day: slotDay(slot, locale),
                start: formatTime(slot.start),
                end: formatTime(slot.end),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      <AcademyWeekList weeks={item.academy_week_details} />
    </>
  );
}
