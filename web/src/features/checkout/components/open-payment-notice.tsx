import "../i18n.ts";
import type { Order } from "@atelier/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { berlinDateTime } from "../../../lib/format.ts";
import { checkoutApi, orderOptions } from "../api/checkout-api.ts";
import type { PaymentNotice } from "../cart-search.ts";
import { type CheckoutProblem, checkoutProblem } from "../checkout-errors.ts";
import { forgetOpenPayment, type OpenPayment, readOpenPayment } from "../open-payment.ts";
import { useProblemText } from "./use-problem-text.ts";

/**
 * The order this tab left for a gateway's page, while it still waits for its payment or ran out (D589).
 * `onItemsBack`: the order ended unpaid and its items are in the cart again (the payment worker gives them
 * back when the reservation runs out, D631), so the cart the page holds is out of date.
 */
export function useOpenPayment(userKey: string | null, onItemsBack?: () => void) {
  const queryClient = useQueryClient();
  const [kept, setKept] = useState<OpenPayment | null>(null);
  // Read after the first render (the server renderer has no tab storage, and the first render matches it),
  // and again when the browser shows the page from its back-forward cache: it was left before the order.
  useEffect(() => {
    setKept(readOpenPayment());
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setKept(readOpenPayment());
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);
  const orderId = String(kept?.orderId ?? "");
  const order = useQuery({
    ...orderOptions(userKey ?? "", orderId),
    enabled: userKey !== null && kept !== null,
  });
  /** The order is called off, paid or not the parent's: nothing is kept, and its last status is not shown again. */
  const forget = useCallback(() => {
    forgetOpenPayment();
    setKept(null);
    queryClient.removeQueries({ queryKey: orderOptions(userKey ?? "", orderId).queryKey });
  }, [queryClient, userKey, orderId]);
  const status = order.data?.status;
  const waiting = status === "payment_staged" || status === "expired";
  // A call that failed for a moment (no connection, a 503) keeps the order; one the server refused forgets it.
  const gone = order.error instanceof ApiError && (order.error.status === 403 || order.error.status === 404);
  const settled = (order.data !== undefined && !waiting) || gone;
  // Called off, declined, or given back when its reservation ran out: its items are in the cart again.
  const itemsBack = status === "cancelled" || status === "in_cart" || status === "payment_declined";
  const itemsBackRef = useRef(onItemsBack);
  itemsBackRef.current = onItemsBack;
  useEffect(() => {
    if (!settled) return;
    forget();
    if (itemsBack) itemsBackRef.current?.();
  }, [settled, itemsBack, forget]);
  return { open: kept && order.data && waiting ? { kept, order: order.data } : null, forget };
}

/**
 * Above an empty cart: the order the parent left for the gateway's page has not been paid. While its seats
 * are held it can be paid on that page still; either way it can be called off, and its items come back.
 */
export function OpenPaymentNotice({
  open,
  forget,
  onRedirect,
  onBackInCart,
}: {
  open: { kept: OpenPayment; order: Order };
  forget: () => void;
  onRedirect: (url: string) => void;
  onBackInCart: (notice: PaymentNotice, cart?: Order) => void;
}) {
  const { t } = useTranslation("checkout");
  const problemText = useProblemText();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const { kept, order } = open;
  // A reservation whose time has passed is over, though the payment worker may mark it so only in its next
  // round: the notice never says "reserved until" a time already gone.
  const expired =
    order.status === "expired" ||
    (order.reserved_until !== null && Date.parse(order.reserved_until) <= Date.now());
  const until = order.reserved_until ? berlinDateTime(order.reserved_until, locale) : null;

  const takeBack = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const cart = await checkoutApi.cancelPayment(kept.gatewayId);
      forget();
      onBackInCart("cancelled", cart);
    } catch (error) {
      setProblem(checkoutProblem(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="open-payment-heading" className="mt-6 space-y-3" data-testid="open-payment">
      <div className="rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-slate-900">
        <h2 id="open-payment-heading" className="font-semibold">
          {t("open.heading", { id: order.id })}
        </h2>
        <p>{expired || !until ? t("open.expired") : t("open.held", { until })}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        {expired ? null : (
          <button type="button" className={buttonStyles.primary} onClick={() => onRedirect(kept.url)}>
            {t("open.pay")}
          </button>
        )}
        <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={takeBack}>
          {expired ? t("open.takeBack") : t("open.cancel")}
        </button>
      </div>
      {problem ? (
        <p
          role="alert"
          className="rounded-lg border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900"
        >
          {problemText(problem)}
        </p>
      ) : null}
    </section>
  );
}
