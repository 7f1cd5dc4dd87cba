import "../i18n.ts";
import type { HistoryItem } from "@atelier/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatEuro } from "../../../lib/money.ts";
import { paymentConfigOptions } from "../../../lib/payments.ts";

const AutopayArea = lazy(() => import("./autopay-area.tsx"));

/**
 * "Pay monthly through PayPal" for a running subscription without autopay (D72). PayPal's script loads
 * only after the click (the parent's choice, as at checkout); the demo gateway offers no autopay.
 */
export function AutopayButton({ item }: { item: HistoryItem }) {
  const { t } = useTranslation("contracts");
  const locale = useLocale();
  const client = useQueryClient();
  const config = useQuery(paymentConfigOptions());
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<"approved" | "failed" | null>(null);
  const sub = item.subscription;
  const offered =
    sub !== null &&
    sub.ends_at === null &&
    (sub.autopay === "none" || sub.autopay === "cancelled") &&
    item.state !== "cancelled" &&
    config.data?.gateway === "paypal" &&
    config.data.client_id;
  if (!offered && outcome === null) return null;
  return (
    <div className="space-y-2">
      {offered && !open && outcome === null ? (
        <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(true)}>
          {t("autopay")}
        </button>
      ) : null}
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
        {outcome === "failed" ? (
          <p role="alert" className="text-red-800">
            {t("autopayFailed")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
