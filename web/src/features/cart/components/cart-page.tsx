import "../i18n.ts";
import { type Order, PAGE_TITLES, type Visitor, visitorLabel } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatEuro } from "../../../lib/money.ts";
import { currentOrderOptions } from "../api/current-order.ts";
import { type CartGroup, groupCartItems } from "../cart-view.ts";
import { CartItem } from "./cart-item.tsx";
import { CartRemovedContext, CartStatusContext } from "./cart-removal.ts";
import { PromocodeForm } from "./promocode-form.tsx";

/**
 * /cart: items by child (gift cards apart) with schedule, price, discount and remove; the promocode;
 * totals due now and monthly. Errors other than the promocode's are only logged (spec §8).
 */
export function CartPage({
  userKey,
  visitors,
  onSignIn,
  onCheckout,
  notice,
  checkoutSlot,
}: {
  /** The signed-in user's pk, or null for a guest. */
  userKey: string | null;
  /** The user's saved children, or the guest's local ones (names and the "change child" choice). */
  visitors: Visitor[];
  onSignIn: () => void;
  /** A signed-in parent goes on to the checkout step. */
  onCheckout: () => void;
  /** A message above the cart (the checkout's "payment cancelled"), handed in by the route. */
  notice?: ReactNode;
  /**
   * In place of the "Zur Kasse" button: a guest's checkout step, sign-up and sign-in beside the cart
   * (D168), handed in by the route.
   */
  checkoutSlot?: ReactNode;
}) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  const options = currentOrderOptions(userKey);
  const order = useQuery(options);
  const heading = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState("");
  const onRemoved = (product: string) => {
    setStatus(t("cart.removed", { product }));
    heading.current?.focus();
  };

  useEffect(() => {
    if (order.error) console.error("cart failed to load", order.error);
  }, [order.error]);

  return (
    <Container className="py-10 sm:py-12">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-extrabold text-slate-900 focus:outline-none sm:text-4xl"
      >
        {PAGE_TITLES.cart[locale]}
      </h1>
      <p role="status" className="mt-2 text-green-800 empty:hidden">
        {status}
      </p>
      {notice}
      {order.isPending ? (
        <p role="status" className="mt-6">
          {t("cart.loading")}
        </p>
      ) : order.isError ? (
        <p className="mt-6">{t("cart.loadFailed")}</p>
      ) : order.data.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <CartRemovedContext.Provider value={onRemoved}>
          <CartStatusContext.Provider value={setStatus}>
            <FilledCart
              order={order.data}
              queryKey={options.queryKey}
              visitors={visitors}
              signedIn={userKey !== null}
              onSignIn={onSignIn}
              onCheckout={onCheckout}
              checkoutSlot={checkoutSlot}
            />
          </CartStatusContext.Provider>
        </CartRemovedContext.Provider>
      )}
    </Container>
  );
}

function EmptyCart() {
  const { t } = useTranslation("cart");
  return (
    <div className="mt-6 space-y-4">
      <p className="text-lg text-slate-800">{t("cart.empty")}</p>
      <Link to="/courses" className={buttonStyles.primary}>
        {t("cart.browse")}
      </Link>
    </div>
  );
}

function FilledCart({
  order,
  queryKey,
  visitors,
  signedIn,
  onSignIn,
  onCheckout,
  checkoutSlot,
}: {
  order: Order;
  queryKey: readonly unknown[];
  visitors: Visitor[];
  signedIn: boolean;
  onSignIn: () => void;
  onCheckout: () => void;
  checkoutSlot?: ReactNode;
}) {
  const { t } = useTranslation("cart");
  const byId = new Map(visitors.map((v) => [v.id, v]));
  const groups = groupCartItems(order.items, (id) => {
    const visitor = signedIn ? undefined : byId.get(id);
    return visitor ? visitorLabel(visitor) : undefined;
  });
  return (
    <div className="mt-8 grid gap-10 lg:grid-cols-[2fr_1fr]">
      <div className="space-y-8">
        {groups.map((group) => (
          <ItemGroup key={group.key} group={group} visitors={visitors} signedIn={signedIn} />
        ))}
      </div>
      <aside
        aria-labelledby="summary-heading"
        className="h-fit space-y-6 rounded-2xl border-2 border-slate-300 p-5"
      >
        <h2 id="summary-heading" className="text-xl font-bold text-slate-900">
          {t("cart.summary")}
        </h2>
        <PromocodeForm order={order} queryKey={queryKey} />
        <Totals order={order} />
        {checkoutSlot ?? <Checkout signedIn={signedIn} onSignIn={onSignIn} onCheckout={onCheckout} />}
      </aside>
    </div>
  );
}

function groupHeading(group: CartGroup, t: ReturnType<typeof useTranslation<"cart">>["t"]): string {
  if (group.kind === "gift") return t("cart.giftCards");
  if (group.kind === "none") return t("cart.noChild");
  const id = group.key.slice(1);
  return t("cart.childHeading", { name: group.name ?? t("cart.unknownChild", { id }) });
}

function ItemGroup({
  group,
  visitors,
  signedIn,
}: {
  group: CartGroup;
  visitors: Visitor[];
  signedIn: boolean;
}) {
  const { t } = useTranslation("cart");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {groupHeading(group, t)}
      </h2>
      <ul className="mt-3 space-y-4">
        {group.items.map((item) => (
          <li key={item.id}>
            <CartItem item={item} visitors={visitors} signedIn={signedIn} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Totals({ order }: { order: Order }) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" aria-live="polite" data-testid="cart-totals">
      <dt>{t("cart.subtotal")}</dt>
      <dd className="text-right">{formatEuro(order.total_price_cents, locale)}</dd>
      {order.total_discount_cents > 0 ? (
        <>
          <dt>{t("cart.totalDiscount")}</dt>
          <dd className="text-right text-green-800">−{formatEuro(order.total_discount_cents, locale)}</dd>
        </>
      ) : null}
      {order.gift_card && order.gift_card.applied_cents > 0 ? (
        <>
          <dt>
            {t("cart.giftCard", { code: order.gift_card.code })}
            <span className="block text-sm text-gray-600">
              {t("cart.giftCardRest", {
                balance: formatEuro(order.gift_card.balance_cents - order.gift_card.applied_cents, locale),
              })}
            </span>
          </dt>
          <dd className="text-right text-green-800" data-testid="cart-gift-card">
            −{formatEuro(order.gift_card.applied_cents, locale)}
          </dd>
        </>
      ) : null}
      <dt className="font-bold">{t("cart.dueNow")}</dt>
      <dd className="text-right font-bold" data-testid="cart-due-now">
        {formatEuro(order.total_checkout_price_cents, locale)}
      </dd>
      {order.total_recurrent_price_cents > 0 ? (
        <>
          <dt>{t("cart.monthlyTotal")}</dt>
          <dd className="text-right" data-testid="cart-monthly">
            {formatEuro(order.total_recurrent_price_cents, locale)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The checkout step follows: a guest signs up or in there, beside the cart (D168; cart and children move
 * over); a signed-in parent checks the billing data and pays.
 */
function Checkout({
  signedIn,
  onSignIn,
  onCheckout,
}: {
  signedIn: boolean;
  onSignIn: () => void;
  onCheckout: () => void;
}) {
  const { t } = useTranslation("cart");
  const noteId = useId();
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={`${buttonStyles.primary} w-full`}
        aria-describedby={noteId}
        onClick={signedIn ? onCheckout : onSignIn}
      >
        {t("cart.checkout")}
      </button>
      <p id={noteId} className="text-sm text-slate-800">
        {signedIn ? t("cart.checkoutNext") : t("cart.checkoutGuest")}
      </p>
    </div>
  );
}
