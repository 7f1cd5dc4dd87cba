import "../i18n.ts";
import {
  PayPalButtons,
  type PayPalButtonsComponentProps,
  PayPalScriptProvider,
  type ReactPayPalScriptOptions,
  usePayPalScriptReducer,
} from "@paypal/react-paypal-js";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";

export type PayPalHandlers = Pick<
  PayPalButtonsComponentProps,
  "createOrder" | "onApprove" | "onCancel" | "onError"
>;

/**
 * PayPal's JS SDK (v5) and its buttons, in a chunk of its own that only the checkout step loads (the script
 * itself only after the parent consented to external media or clicked the order button). `showButtons` off
 * loads the script ahead, so the buttons appear at once after the order click.
 */
export default function PayPalArea({
  options,
  showButtons,
  handlers,
}: {
  options: ReactPayPalScriptOptions;
  showButtons: boolean;
  handlers: PayPalHandlers;
}) {
  // A new provider loads the script again: the "try again" after a failed load or a broken button.
  const [attempt, setAttempt] = useState(0);
  return (
    <PayPalScriptProvider key={attempt} options={options}>
      {showButtons ? <Buttons handlers={handlers} onRetry={() => setAttempt((n) => n + 1)} /> : null}
    </PayPalScriptProvider>
  );
}

function Buttons({ handlers, onRetry }: { handlers: PayPalHandlers; onRetry: () => void }) {
  const { t } = useTranslation("checkout");
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // Spec §8: a failed script is logged with this message.
    if (isRejected) console.error("Failed to load the PayPal SDK script");
  }, [isRejected]);

  if (isRejected || failed) {
    return (
      <div role="alert" className="space-y-3" data-testid="paypal-error">
        <p className="rounded-lg border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
          {isRejected ? t("step.paypalFailed") : t("step.paymentError")}
        </p>
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => {
            setFailed(false);
            onRetry();
          }}
        >
          {t("step.retry")}
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {isPending ? <p role="status">{t("step.paypalLoading")}</p> : null}
      <PayPalButtons
        style={{ layout: "vertical", shape: "pill", label: "pay" }}
        createOrder={handlers.createOrder}
        onApprove={handlers.onApprove}
        onCancel={handlers.onCancel}
        onError={(error) => {
          handlers.onError?.(error);
          // Broken buttons stay hidden; "try again" loads and draws them anew.
          setFailed(true);
        }}
      />
    </div>
  );
}
