import { PurchaseTermsList } from "../../../components/purchase-terms.tsx";
import "../i18n.ts";
import {
  errorMessage,
  type Order,
  type OrderItem,
  PAGE_TITLES,
  todayInBerlin,
  type Visitor,
  visitorLabel,
} from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { serverMessage } from "../../../lib/error-codes.ts";
import { formatDate, formatTime, slotDay } from "../../../lib/format.ts";
import { formatEuro } from "../../../lib/money.ts";
import { vatNoteKey } from "../../../lib/vat.ts";
import { cartApi } from "../api/cart-api.ts";
import { CURRENT_ORDER_KEY, currentOrderOptions } from "../api/current-order.ts";
import { type CartGroup, childAgeRefusal, groupCartItems, itemVisitorId } from "../cart-view.ts";
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

  useEffect(() => {
    if (order.error) console.error("cart failed to load", order.error);
  }, [order.error]);

  return (
    <Container className="py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{PAGE_TITLES.cart[locale]}</h1>
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
        <FilledCart
          order={order.data}
          queryKey={options.queryKey}
          visitors={visitors}
          signedIn={userKey !== null}
          onSignIn={onSignIn}
          onCheckout={onCheckout}
          checkoutSlot={checkoutSlot}
        />
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

function CartItem({ item, visitors, signedIn }: { item: OrderItem; visitors: Visitor[]; signedIn: boolean }) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  // A refused change of child is said under the picker, in the server's words (never only in the console).
  const [refusal, setRefusal] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const selectId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: CURRENT_ORDER_KEY });
  const remove = useMutation({
    mutationFn: () => cartApi.deleteItem(item.id),
    onError: (error) => console.error("removing a cart item failed", error),
    onSettled: refresh,
  });
  const changeChild = useMutation({
    mutationFn: (visitor: number) => cartApi.patchItem(item.id, { visitor }),
    onMutate: () => setRefusal(null),
    onError: (error) => {
      console.error("changing the child of a cart item failed", error);
      setRefusal(serverMessage(error, "visitor") ?? t("cart.childChangeFailed"));
    },
    onSettled: refresh,
  });
  const currentChild = itemVisitorId(item);
  // Signed in, yet the item still names a guest's local child: it could not move to a saved child (D141).
  // Say why for each saved child the age rule refuses, and how to fix it.
  const unmoved = signedIn && item.guest_visitor !== null;
  const today = todayInBerlin();
  const reasons = unmoved
    ? visitors.flatMap((visitor) => {
        const refused = childAgeRefusal(item, visitor, today);
        return refused ? [errorMessage(refused.code, locale, refused.params)] : [];
      })
    : [];
  const fits = (visitor: Visitor) => childAgeRefusal(item, visitor, today) === null;
  const price = item.list_price_cents;
  const discount = item.discount_amount_cents;
  return (
    <article
      aria-labelledby={`${selectId}-name`}
      className="rounded-2xl border border-slate-300 bg-white p-4"
      data-testid="cart-item"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${selectId}-name`} className="text-lg font-bold text-slate-900">
            <Link
              to="/product/$id"
              params={{ id: item.product_page.slug }}
              className="underline-offset-2 hover:underline"
            >
              {item.product_page.name}
            </Link>
          </h3>
          <p className="text-sm text-slate-700">{t("cart.option", { name: item.purchase_option_name })}</p>
        </div>
        <div className="text-right">
          <p className="font-bold text-slate-900">
            {discount > 0 ? (
              <>
                <s className="mr-2 font-normal text-slate-700">{formatEuro(price, locale)}</s>
                {formatEuro(price - discount, locale)}
              </>
            ) : (
              formatEuro(price, locale)
            )}
          </p>
          {discount > 0 ? (
            <p className="text-sm text-green-800">
              {t("cart.discount")}: −{formatEuro(discount, locale)}
            </p>
          ) : null}
          {item.recurrent_price_cents > 0 ? (
            <p className="text-sm text-slate-700">
              {t("cart.monthly", { price: formatEuro(item.recurrent_price_cents, locale) })}
            </p>
          ) : null}
          <p className="text-xs text-slate-700">{t(`cart.${vatNoteKey(item.product_page.product_type)}`)}</p>
        </div>
      </div>
      {item.schedule_slot_details.length > 0 ? (
        <ul className="mt-2 text-sm text-slate-800">
          {item.schedule_slot_details.map((slot) => (
            <li key={slot.id}>
              {slotDay(slot, locale)}, {formatTime(slot.start)}–{formatTime(slot.end)}
            </li>
          ))}
        </ul>
      ) : null}
      {item.academy_week_details.length > 0 ? (
        <ul className="mt-2 text-sm text-slate-800" aria-label={t("cart.weeks")}>
          {item.academy_week_details.map((week) => (
            <li key={week.id}>
              {formatDate(week.starts_on, locale)} – {formatDate(week.ends_on, locale)}
            </li>
          ))}
        </ul>
      ) : null}
      <PurchaseTermsList
        terms={item.terms}
        recurring={item.is_recurring}
        refundDaysBefore={item.product_page.refund_days_before}
        locale={locale}
        className="mt-2"
      />
      {item.comment ? (
        <p className="mt-2 text-sm text-slate-800">{t("cart.comment", { comment: item.comment })}</p>
      ) : null}
      {unmoved ? (
        <div
          className="mt-3 rounded-lg border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="cart-item-unmoved"
        >
          <p className="font-semibold">{t("cart.unmoved")}</p>
          {reasons.map((reason) => (
            <p key={reason}>{reason}</p>
          ))}
          <p>
            {visitors.some(fits) ? t("cart.unmovedPick") : t("cart.unmovedNoChild")}{" "}
            <Link
              to="/product/buy/$id"
              params={{ id: item.product_page.slug }}
              className="font-semibold underline underline-offset-2"
            >
              {t("cart.unmovedOtherDate", { product: item.product_page.name })}
            </Link>
          </p>
        </div>
      ) : null}
      {item.gift_card ? (
        <p className="mt-2 text-sm text-slate-800 [overflow-wrap:anywhere]">
          {t("cart.giftCardFor", { name: item.gift_card.recipient_name })}{" "}
          {item.gift_card.recipient_email
            ? t("cart.giftCardSentTo", {
                email: item.gift_card.recipient_email,
                date: formatDate(item.gift_card.send_on ?? todayInBerlin(), locale),
              })
            : t("cart.giftCardToYou")}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        {currentChild !== null && visitors.length > 0 ? (
          <div>
            <label htmlFor={selectId} className="block text-sm font-semibold text-slate-900">
              {t("cart.childFor", { product: item.product_page.name })}
            </label>
            <select
              id={selectId}
              className="mt-1 rounded-lg border-2 border-slate-400 bg-white px-3 py-2"
              value={String(currentChild)}
              disabled={changeChild.isPending}
              onChange={(event) => changeChild.mutate(Number(event.target.value))}
            >
              {visitors.some((v) => v.id === currentChild) ? null : (
                <option value={String(currentChild)}>
                  {item.visitor_name ?? t("cart.unknownChild", { id: currentChild })}
                </option>
              )}
              {visitors.map((visitor) => (
                <option key={visitor.id} value={String(visitor.id)}>
                  {visitorLabel(visitor)}
                </option>
              ))}
            </select>
            {refusal ? (
              <p role="alert" className="mt-1 max-w-prose text-sm font-semibold text-red-800">
                {refusal}
              </p>
            ) : null}
          </div>
        ) : (
          <span />
        )}
        <button
          type="button"
          className={buttonStyles.ghost}
          aria-label={t("cart.removeLabel", { product: item.product_page.name })}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {t("cart.remove")}
        </button>
      </div>
    </article>
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
