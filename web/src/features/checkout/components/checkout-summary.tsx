import "../i18n.ts";
import type { Order } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { PurchaseTermsList } from "../../../components/purchase-terms.tsx";
import { FormMessage } from "../../../components/ui/form-fields.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatEuro } from "../../../lib/money.ts";
import type { CheckoutProblem } from "../checkout-errors.ts";
import type { CheckoutPhase } from "./checkout-phase.ts";
import { useProblemText } from "./use-problem-text.ts";

// The checkout's summary column in parts (issue 33): what is ordered and due, where the order stands, and
// what went wrong.

/** The order's lines with their terms and prices, what is due now and, for a subscription, monthly. */
export function OrderLines({ order }: { order: Order }) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  const dueNow = order.total_checkout_price_cents;
  const monthly = order.total_recurrent_price_cents;
  return (
    <>
      <ul className="space-y-2 text-sm text-slate-800" data-testid="checkout-items">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3">
            <div className="min-w-0">
              <span className="font-semibold">{item.product_page.name}</span>
              {" – "}
              {item.visitor_name ?? t("step.noChild")}
              <PurchaseTermsList
                terms={item.terms}
                recurring={item.is_recurring}
                refundDaysBefore={item.product_page.refund_days_before}
                locale={locale}
                className="mt-1 text-slate-700"
              />
            </div>
            <span className="shrink-0">
              {formatEuro(item.list_price_cents - item.discount_amount_cents, locale)}
            </span>
          </li>
        ))}
      </ul>
      <dl
        className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-slate-300 pt-3"
        data-testid="checkout-totals"
      >
        {/* What a gift card pays comes off what is due: without its line a 15 € item stood above "0 €" (D487). */}
        {order.gift_card && order.gift_card.applied_cents > 0 ? (
          <>
            <dt>{t("step.giftCard", { code: order.gift_card.code })}</dt>
            <dd className="text-right text-green-800" data-testid="checkout-gift-card">
              −{formatEuro(order.gift_card.applied_cents, locale)}
            </dd>
          </>
        ) : null}
        <dt className="font-bold">{t("step.dueNow")}</dt>
        <dd className="text-right font-bold" data-testid="checkout-due-now">
          {formatEuro(dueNow, locale)}
        </dd>
        {monthly > 0 ? (
          <>
            <dt>{t("step.monthly")}</dt>
            <dd className="text-right" data-testid="checkout-monthly">
              {formatEuro(monthly, locale)}
            </dd>
          </>
        ) : null}
      </dl>
      {monthly > 0 ? <p className="text-xs text-slate-700">{t("step.monthlyHint")}</p> : null}
    </>
  );
}

/** The live region that says what the checkout is doing: ordering, leaving, reserved, capturing, cancelling. */
export function CheckoutStatus({
  phase,
  reservedUntil,
  busy,
}: {
  phase: CheckoutPhase;
  reservedUntil: string | null;
  busy: "capturing" | "cancelling" | null;
}) {
  const { t } = useTranslation("checkout");
  return (
    <div role="status" data-testid="checkout-status">
      {phase.kind === "ordering" ? <p>{t("step.ordering")}</p> : null}
      {phase.kind === "leaving" ? <p>{t("step.redirecting")}</p> : null}
      {reservedUntil ? (
        <p className="rounded-lg border-l-4 border-green-700 bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
          {t("step.reserved", { time: reservedUntil })}
        </p>
      ) : null}
      {busy === "capturing" ? <p>{t("step.capturing")}</p> : null}
      {busy === "cancelling" ? <p>{t("step.cancelling")}</p> : null}
    </div>
  );
}

/** What went wrong, in words; a lapsed sign-in offers the way back in. */
export function CheckoutProblemMessage({
  problem,
  onSignIn,
}: {
  problem: CheckoutProblem | null;
  onSignIn: () => void;
}) {
  const { t } = useTranslation("checkout");
  const problemText = useProblemText();
  return (
    <FormMessage tone="error" testId="checkout-problem">
      {problem ? (
        <>
          {problemText(problem)}
          {problem === "signIn" ? (
            <>
              {" "}
              <button type="button" className="underline" onClick={onSignIn}>
                {t("complete.signInButton")}
              </button>
            </>
          ) : null}
        </>
      ) : null}
    </FormMessage>
  );
}
