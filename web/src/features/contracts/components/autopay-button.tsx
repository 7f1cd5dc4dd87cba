import "../i18n.ts";
import type { HistoryItem } from "@atelier/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { refusalText } from "../../../lib/error-codes.ts";
import { formatEuro } from "../../../lib/money.ts";
import { paymentConfigOptions } from "../../../lib/payments.ts";
import { makeRecurring } from "../api/contracts-api.ts";

const AutopayArea = lazy(() => import("./autopay-area.tsx"));

/**
 * The order the automatic ways are offered in (issue 32 item 11): the way the parent paid the first month
 * first, so a parent who paid by card is not asked about PayPal before the card.
 */
export function autopayOrder(paidWith: "paypal" | "stripe" | "demo" | null): ("paypal" | "stripe")[] {
  return paidWith === "stripe" ? ["stripe", "paypal"] : ["paypal", "stripe"];
}

/**
 * "Pay monthly through PayPal" for a running subscription without autopay (D72). PayPal's script loads
 * only after the click (the parent's choice, as at checkout); the demo gateway offers no autopay. With
 * Stripe (D115) "by card or SEPA" beside it sends the parent to Stripe's page, which returns to the profile.
 */
export function AutopayButton({ item }: { item: HistoryItem }) {
  const { t } = useTranslation("contracts");
  const locale = useLocale();
  const client = useQueryClient();
  const config = useQuery(paymentConfigOptions());
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<"approved" | "failed" | "to_stripe" | null>(null);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const sub = item.subscription;
  const running =
    sub !== null &&
    sub.ends_at === null &&
    (sub.autopay === "none" || sub.autopay === "cancelled") &&
    item.state !== "cancelled";
  const offered = running && config.data?.gateway === "paypal" && config.data.client_id;
  const byCard = running && config.data?.stripe === true;
  if (!offered && !byCard && outcome === null) return null;
  const toStripe = async () => {
    setOutcome("to_stripe");
    try {
      const { url } = await makeRecurring(item.id, "stripe");
      if (!url) throw new Error("no Stripe page");
      window.location.assign(url);
    } catch (error) {
      // A refusal the server explains (autopay being set up in another tab) in its words.
      setRefusal(refusalText(error));
      setOutcome("failed");
    }
  };
  return (
    <div className="space-y-2">
      {!open && outcome === null
        ? autopayOrder(sub?.paid_with ?? null).map((way) =>
            way === "paypal" ? (
              offered ? (
                <button
                  key={way}
                  type="button"
                  className={buttonStyles.secondary}
                  onClick={() => setOpen(true)}
                >
                  {t("autopay")}
                </button>
              ) : null
            ) : byCard ? (
              <button
                key={way}
                type="button"
                className={buttonStyles.secondary}
                onClick={() => void toStripe()}
              >
                {t("autopayCard")}
              </button>
            ) : null,
          )
        : null}
      {open && outcome === null && config.data?.client_id && sub ? (
        <>
          <p className="text-sm text-slate-700">
            {t("autopayIntro", { price: formatEuro(sub.monthly_price_cents, locale) })}
          </p>
          <Suspense fallback={<p role="status">{t("autopayLoading")}</p>}>
            <AutopayArea
              itemId={item.id}
              clientId={config.data.client_id}
              sdkUrl={config.data.sdk_url}
              locale={locale}
              onApproved={() => {
                setOutcome("approved");
                void client.invalidateQueries({ queryKey: ["history"] });
              }}
              onFailed={() => setOutcome("failed")}
            />
          </Suspense>
        </>
      ) : null}
      <div aria-live="polite">
        {outcome === "approved" ? <p role="status">{t("autopayPending")}</p> : null}
        {outcome === "to_stripe" ? <p role="status">{t("autopayCardGoing")}</p> : null}
        {outcome === "failed" ? (
          <p role="alert" className="text-red-800">
            {refusal ?? t("autopayFailed")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
