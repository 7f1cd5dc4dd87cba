import "../i18n.ts";
import type { Order } from "@atelier/contract";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { checkoutApi } from "../api/checkout-api.ts";
import type { PaymentNotice as Notice } from "../cart-search.ts";
import { type CheckoutProblem, checkoutProblem } from "../checkout-errors.ts";
import { useProblemText } from "./use-problem-text.ts";

/** Gateway orders whose cancel this page has posted (a remount or a second render must not post again). */
const cancelled = new Set<string>();

/**
 * The calm message above the cart after a payment that did not happen. With `token` (the demo gateway's or
 * PayPal's page sent the parent back to `cancel_url`), it first posts cancel_payment for that order, once,
 * which moves the items back into the cart; `onCancelled` then refreshes the cart and drops the token.
 */
export function PaymentNotice({
  notice,
  token,
  onCancelled,
  onSignIn,
}: {
  notice: Notice;
  token?: string | undefined;
  onCancelled: (cart: Order | undefined) => void;
  onSignIn: () => void;
}) {
  const { t } = useTranslation("checkout");
  const problemText = useProblemText();
  const [state, setState] = useState<"idle" | "cancelling" | CheckoutProblem>(
    token && notice === "cancelled" && !cancelled.has(token) ? "cancelling" : "idle",
  );
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(onCancelled);
  latest.current = onCancelled;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the "try again" button's trigger.
  useEffect(() => {
    if (!token || notice !== "cancelled" || cancelled.has(token)) return;
    cancelled.add(token);
    setState("cancelling");
    checkoutApi.cancelPayment(token).then(
      (cart) => {
        setState("idle");
        latest.current(cart);
      },
      (error: unknown) => {
        const problem = checkoutProblem(error);
        // Already cancelled, expired or paid: nothing is left to cancel; the cart shows what it holds.
        if (problem === "orderNotPayable" || problem === "unknown") {
          console.error("cancelling the payment failed", error);
          setState("idle");
          latest.current(undefined);
          return;
        }
        cancelled.delete(token);
        setState(problem);
      },
    );
  }, [token, notice, attempt]);

  const problem = state !== "idle" && state !== "cancelling" ? state : null;
  return (
    <div className="mt-6 space-y-3">
      <div role="status" data-testid="payment-notice">
        <p className="rounded-lg border-l-4 border-slate-500 bg-slate-50 px-4 py-3 text-slate-900">
          {state === "cancelling" ? t("notice.cancelling") : t(`notice.${notice}`)}
        </p>
      </div>
      {problem ? (
        <div role="alert" className="space-y-2">
          <p className="rounded-lg border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
            {problemText(problem)}
          </p>
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={problem === "signIn" ? onSignIn : () => setAttempt((n) => n + 1)}
          >
            {problem === "signIn" ? t("complete.signInButton") : t("return.retry")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
