import "../i18n.ts";
import { errorMessage, type OrderItem, todayInBerlin, type Visitor, visitorLabel } from "@atelier/contract";
import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useContext, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AcademyWeekList } from "../../../components/academy-week-list.tsx";
import { PurchaseTermsList } from "../../../components/purchase-terms.tsx";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { serverMessage } from "../../../lib/error-codes.ts";
import { formatDate, formatTime, slotDay } from "../../../lib/format.ts";
import { formatEuro } from "../../../lib/money.ts";
import { vatNoteKey } from "../../../lib/vat.ts";
import { cartApi } from "../api/cart-api.ts";
import { CURRENT_ORDER_KEY } from "../api/current-order.ts";
import { childAgeRefusal, itemVisitorId } from "../cart-view.ts";
import { CartRemovedContext, CartStatusContext } from "./cart-removal.ts";

// One line of the cart (issue 33: cut out of the cart page), in parts: the price, the dates, the notice of a
// guest's child that could not move, the gift card's recipient, and the child picker.

const refreshCart = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: CURRENT_ORDER_KEY });

/** A cart line: product and option, price, dates, terms, comment, child and the remove button. */
export function CartItem({
  item,
  visitors,
  signedIn,
}: {
  item: OrderItem;
  visitors: Visitor[];
  signedIn: boolean;
}) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const selectId = useId();
  const removed = useContext(CartRemovedContext);
  const remove = useMutation({
    mutationFn: () => cartApi.deleteItem(item.id),
    // Said where the parent pressed the button (the line stays): no connection, a refusal in the server's words.
    onError: (error) => console.error("removing a cart item failed", error),
    onSuccess: () => removed(item.product_page.name),
    onSettled: () => refreshCart(queryClient),
  });
  const currentChild = itemVisitorId(item);
  // Signed in, yet the item still names a guest's local child: it could not move to a saved child (D141).
  const unmoved = signedIn && item.guest_visitor !== null;
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
        <ItemPrice item={item} />
      </div>
      <ItemDates item={item} />
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
      {unmoved ? <UnmovedNotice item={item} visitors={visitors} /> : null}
      {item.gift_card ? <GiftCardLine giftCard={item.gift_card} /> : null}
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        {currentChild !== null && visitors.length > 0 ? (
          <ChildPicker item={item} currentChild={currentChild} visitors={visitors} />
        ) : (
          <span />
        )}
        <button
          type="button"
          className={buttonStyles.ghost}
          aria-label={
            // Two gift cards in one cart differ by whom they are for (D627).
            item.gift_card
              ? t("cart.removeGiftCardLabel", {
                  product: item.product_page.name,
                  name: item.gift_card.recipient_name,
                })
              : t("cart.removeLabel", { product: item.product_page.name })
          }
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {t("cart.remove")}
        </button>
      </div>
      {remove.isError ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {serverMessage(remove.error) ?? t("cart.removeFailed")}
        </p>
      ) : null}
    </article>
  );
}

/** The line's price (struck through beside the discounted one), its discount, the monthly price, the VAT note. */
export function ItemPrice({ item }: { item: OrderItem }) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  const price = item.list_price_cents;
  const discount = item.discount_amount_cents;
  return (
    <div className="text-right">
      <p className="font-bold text-slate-900">
        {discount > 0 ? (
          <>
            {/* A screen reader does not say that a price is struck through: the words say it (D496). */}
            <s className="mr-2 font-normal text-slate-700">
              <span className="sr-only">{t("cart.wasPrice")} </span>
              {formatEuro(price, locale)}
            </s>
            <span className="sr-only">{t("cart.nowPrice")} </span>
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
  );
}

/** The booked slots (day and time) and academy weeks (from – to). */
function ItemDates({ item }: { item: OrderItem }) {
  const locale = useLocale();
  return (
    <>
      {item.schedule_slot_details.length > 0 ? (
        <ul className="mt-2 text-sm text-slate-800">
          {item.schedule_slot_details.map((slot) => (
            <li key={slot.id}>
              {slotDay(slot, locale)}, {formatTime(slot.start)}–{formatTime(slot.end)}
            </li>
          ))}
        </ul>
      ) : null}
      <AcademyWeekList weeks={item.academy_week_details} />
    </>
  );
}

/**
 * The item of a guest's local child that could not move to a saved child after sign-in (D141): why, for
 * each saved child the age rule refuses, and how to fix it (pick a child that fits, or another date).
 */
function UnmovedNotice({ item, visitors }: { item: OrderItem; visitors: Visitor[] }) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  const today = todayInBerlin();
  const reasons = visitors.flatMap((visitor) => {
    const refused = childAgeRefusal(item, visitor, today);
    return refused ? [errorMessage(refused.code, locale, refused.params)] : [];
  });
  const fits = (visitor: Visitor) => childAgeRefusal(item, visitor, today) === null;
  return (
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
  );
}

/** Whom a gift card is for, and whether it is mailed to them (on which day) or comes to the buyer. */
function GiftCardLine({ giftCard }: { giftCard: NonNullable<OrderItem["gift_card"]> }) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  return (
    <p className="mt-2 text-sm text-slate-800 [overflow-wrap:anywhere]">
      {t("cart.giftCardFor", { name: giftCard.recipient_name })}{" "}
      {giftCard.recipient_email
        ? t("cart.giftCardSentTo", {
            email: giftCard.recipient_email,
            date: formatDate(giftCard.send_on ?? todayInBerlin(), locale),
          })
        : t("cart.giftCardToYou")}
    </p>
  );
}

/** The line whose child was just changed: its picker, wherever the line now is, takes the focus (D625). */
let movedLine: number | null = null;

/**
 * The child a line is for, changeable to another saved child; a refusal is said under it. The picker stays
 * usable while a change is saved (a disabled one would drop the keyboard's focus to the page), changes are
 * saved one after the other in the order chosen, and a line that moved to the other child's part of the cart
 * gets the focus back on its picker there, with the change said in the page's status line (D625).
 */
function ChildPicker({
  item,
  currentChild,
  visitors,
}: {
  item: OrderItem;
  currentChild: number;
  visitors: Visitor[];
}) {
  const { t } = useTranslation("cart");
  const queryClient = useQueryClient();
  const say = useContext(CartStatusContext);
  // The id stays the line's own when the line moves to another child's part of the cart.
  const id = `cart-child-${item.id}`;
  const changeChild = useMutation({
    mutationFn: (visitor: number) => cartApi.patchItem(item.id, { visitor }),
    scope: { id },
    onError: (error) => console.error("changing the child of a cart item failed", error),
    onSuccess: (_reply, visitor) => {
      const child = visitors.find((candidate) => candidate.id === visitor);
      if (child) say(t("cart.childChanged", { product: item.product_page.name, child: child.first_name }));
      // Moved, the line's picker is a new element once the cart is read again: it takes the focus (below).
      movedLine = item.id;
    },
    onSettled: () => refreshCart(queryClient),
  });
  // The line's changes as the query client keeps them: a line that moves gets a new picker, and the choice
  // still being saved and a refusal must outlive the old one (found by the review).
  const changes = useMutationState({
    filters: { predicate: (mutation) => mutation.options.scope?.id === id },
    select: (mutation) => ({
      status: mutation.state.status,
      visitor: mutation.state.variables as number,
      error: mutation.state.error,
    }),
  });
  const saving = changes.filter((change) => change.status === "pending");
  // The child last chosen, shown while its change is saved (the server's answer then decides).
  const chosen = saving.at(-1)?.visitor;
  // A refused change of child is said under the picker, in the server's words, until the next change.
  const last = changes.at(-1);
  const refusal =
    last?.status === "error" ? (serverMessage(last.error, "visitor") ?? t("cart.childChangeFailed")) : null;
  const selectRef = useRef<HTMLSelectElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new child or a new place of the line is the moment
  useEffect(() => {
    if (movedLine !== item.id) return;
    movedLine = null;
    // Unless the parent went elsewhere meanwhile, the focus is back where it was: on this line's picker.
    const active = document.activeElement;
    if (active === null || active === document.body || active === selectRef.current)
      selectRef.current?.focus();
  }, [currentChild, item.id]);
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {t("cart.childFor", { product: item.product_page.name })}
      </label>
      <select
        id={id}
        ref={selectRef}
        className="mt-1 rounded-lg border-2 border-slate-400 bg-white px-3 py-2"
        value={String(chosen ?? currentChild)}
        aria-busy={saving.length > 0 || undefined}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? errorId : undefined}
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
        <p id={errorId} role="alert" className="mt-1 max-w-prose text-sm font-semibold text-red-800">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
