import "../i18n.ts";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { checkoutApi } from "../api/checkout-api.ts";
import type { PaymentNotice } from "../cart-search.ts";
import { type CheckoutProblem, checkoutProblem, RETRYABLE_PROBLEMS } from "../checkout-errors.ts";
import { useProblemText } from "./use-problem-text.ts";

/** Gateway orders this page is capturing or has captured (a remount must not capture twice at once). */
const captures = new Map<string, Promise<number>>();

function captureOnce(token: string, payerId: string | undefined): Promise<number> {
  let pending = captures.get(token);
  if (!pending) {
    pending = checkoutApi.capture(token, { orderID: token, payerID: payerId }).then((order) => order.id);
    // A failed capture may be tried again.
    pending.catch(() => captures.delete(token));
    captures.set(token, pending);
  }
  return pending;
}

/**
 * /payment-complete/return?token=<gateway order>&PayerID=…: where the demo gateway's page (or PayPal's,
 * without the buttons) sends an approved payment. Captures it and replaces itself with the order's
 * completion page; a declined or no longer payable order goes back to the cart with its notice.
 */
export function PaymentReturnPage({
  token,
  payerId,
  gateway,
  signedIn,
  onPaid,
  onProcessing,
  onBackInCart,
  onSignIn,
}: {
  token: string | undefined;
  payerId: string | undefined;
  /** `stripe`: back from Stripe Checkout, `token` is our order number. */
  gateway?: "stripe" | undefined;
  signedIn: boolean;
  onPaid: (orderId: number) => void;
  /** Stripe took the payment but it is still under way (a SEPA debit): the order's page says so. */
  onProcessing: (orderId: number) => void;
  onBackInCart: (notice: PaymentNotice) => void;
  onSignIn: () => void;
}) {
  const { t } = useTranslation("checkout");
  const problemText = useProblemText();
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [attempt, setAttempt] = useState(0);
  const callbacks = useRef({ onPaid, onProcessing, onBackInCart });
  callbacks.current = { onPaid, onProcessing, onBackInCart };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the "try again" button's trigger.
  useEffect(() => {
    if (!token || !signedIn) return;
    let live = true;
    setProblem(null);
    captureOnce(token, payerId).then(
      (orderId) => {
        if (live) callbacks.current.onPaid(orderId);
      },
      (error: unknown) => {
        if (!live) return;
        console.error("capturing the payment failed", error);
        const found = checkoutProblem(error);
        if (found === "paymentDeclined") callbacks.current.onBackInCart("declined");
        else if (found === "orderNotPayable") callbacks.current.onBackInCart("expired");
        else if (found === "refunded") callbacks.current.onBackInCart("refunded");
        // Stripe returns here only after its page was completed: a payment not confirmed yet is a SEPA
        // debit still processing (D103), its seats held until Stripe reports the outcome.
        else if (found === "notApproved" && gateway === "stripe" && /^\d+$/.test(token))
          callbacks.current.onProcessing(Number(token));
        else setProblem(found);
      },
    );
    return () => {
      live = false;
    };
  }, [token, payerId, gateway, signedIn, attempt]);

  let body: React.ReactNode;
  if (!token) {
    body = (
      <>
        <p>{t("return.missingToken")}</p>
        <Link to="/profile" search={{ tab: "sales" }} className={buttonStyles.primary}>
          {t("complete.toProfile")}
        </Link>
      </>
    );
  } else if (!signedIn) {
    body = (
      <>
        <p>{t("return.signIn")}</p>
        <button type="button" className={buttonStyles.primary} onClick={onSignIn}>
          {t("complete.signInButton")}
        </button>
      </>
    );
  } else if (problem) {
    body = (
      <div role="alert" className="space-y-3">
        <p className="rounded-lg border-l-4 border-red-700 bg-red-50 px-3 py-2 font-semibold text-red-900">
          {problemText(problem)}
        </p>
        <div className="flex flex-wrap gap-3">
          {problem === "signIn" ? (
            <button type="button" className={buttonStyles.primary} onClick={onSignIn}>
              {t("complete.signInButton")}
            </button>
          ) : RETRYABLE_PROBLEMS.includes(problem) ? (
            <button type="button" className={buttonStyles.primary} onClick={() => setAttempt((n) => n + 1)}>
              {t("return.retry")}
            </button>
          ) : null}
          <Link to="/cart" className={buttonStyles.secondary}>
            {t("complete.toCart")}
          </Link>
        </div>
      </div>
    );
  } else {
    body = null;
  }

  return (
    <Container className="max-w-3xl py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{t("return.heading")}</h1>
      <div role="status" className="mt-4">
        {token && signedIn && !problem ? <p>{t("return.capturing")}</p> : null}
      </div>
      <div className="mt-4 space-y-4">{body}</div>
    </Container>
  );
}
