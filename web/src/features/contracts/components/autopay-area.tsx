import "../i18n.ts";
import { CURRENCY, type Locale } from "@atelier/contract";
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import { useTranslation } from "react-i18next";
import { paypalLocale } from "../../../lib/payments.ts";
import { makeRecurring } from "../api/contracts-api.ts";

/**
 * PayPal's buttons with `intent=subscription` (api-shapes: `createSubscription` returns the id from
 * make_recurring), in a chunk of its own that loads only when the parent asks for autopay (D72).
 */
export default function AutopayArea({
  itemId,
  clientId,
  sdkUrl,
  locale,
  onApproved,
  onFailed,
}: {
  itemId: number;
  clientId: string;
  sdkUrl: string;
  locale: Locale;
  onApproved: () => void;
  onFailed: () => void;
}) {
  return (
    <PayPalScriptProvider
      options={{
        clientId,
        currency: CURRENCY,
        intent: "subscription",
        vault: true,
        locale: paypalLocale(locale),
        disableFunding: "credit,card",
        sdkBaseUrl: sdkUrl,
      }}
    >
      <Buttons itemId={itemId} onApproved={onApproved} onFailed={onFailed} />
    </PayPalScriptProvider>
  );
}

function Buttons({
  itemId,
  onApproved,
  onFailed,
}: {
  itemId: number;
  onApproved: () => void;
  onFailed: () => void;
}) {
  const { t } = useTranslation("contracts");
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected) {
    return (
      <p role="alert" className="text-red-800">
        {t("autopayFailed")}
      </p>
    );
  }
  return (
    <div className="max-w-xs">
      {isPending ? <p role="status">{t("autopayLoading")}</p> : null}
      <PayPalButtons
        style={{ layout: "vertical", shape: "pill", label: "subscribe" }}
        createSubscription={async () => (await makeRecurring(itemId)).id}
        onApprove={async () => onApproved()}
        onError={() => onFailed()}
      />
    </div>
  );
}
