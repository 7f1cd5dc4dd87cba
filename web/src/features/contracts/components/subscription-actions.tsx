import "../i18n.ts";
import type { HistoryItem } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatDate } from "../../../lib/format.ts";
import { cancelItem } from "../api/contracts-api.ts";
import { AutopayButton } from "./autopay-button.tsx";

/**
 * A course subscription's months in the profile's history (D72): paid until when, the payment of the next
 * month where one is open (`paypal_invoice_link`), and "cancel" with a confirmation step while it is active.
 */
export function SubscriptionActions({ item }: { item: HistoryItem }) {
  return item.subscription ? <SubscriptionControls item={item} subscription={item.subscription} /> : null;
}

function SubscriptionControls({
  item,
  subscription: sub,
}: {
  item: HistoryItem;
  subscription: NonNullable<HistoryItem["subscription"]>;
}) {
  const { t } = useTranslation("contracts");
  const locale = useLocale();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // The confirmation box leaves the page on "no" and on success: the focus goes to what replaces it.
  const backToButton = useRef(false);
  const cancel = useMutation({
    mutationFn: () => cancelItem(item.id),
    onSuccess: () => client.invalidateQueries({ queryKey: ["history"] }),
  });
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (backToButton.current) cancelButtonRef.current?.focus();
    backToButton.current = false;
  }, [confirming]);
  const failedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (cancel.isSuccess) doneRef.current?.focus();
    // "Ja, kündigen" was disabled while it sent: a failure takes the focus rather than the page (D627).
    else if (cancel.isError) failedRef.current?.focus();
  }, [cancel.isSuccess, cancel.isError]);

  // The last paid day as the server names it from the contract's one period (D121).
  const day = (isoDate: string) => formatDate(isoDate, locale);
  const payable =
    item.paypal_invoice_link !== null &&
    (item.state === "renewal available" || item.state === "awaiting payment");
  const cancellable = item.state !== "cancelled" && sub.ends_at === null;
  // Which subscription the buttons end, for a screen reader going from button to button (D627).
  const name = item.visitor_name
    ? `${item.product_page.name} (${item.visitor_name})`
    : item.product_page.name;

  return (
    <div className="mt-2 space-y-2 text-base" data-testid={`subscription-${item.id}`}>
      <p className="text-sm text-slate-700">{t("contractNo", { number: sub.contract_number })}</p>
      <p data-testid="subscription-period" className="font-semibold text-slate-900">
        {item.withdrawal?.kind === "withdrawal"
          ? t("endedByWithdrawal")
          : sub.ends_on
            ? t("endsAt", { date: day(sub.ends_on) })
            : t("paidUntil", { date: day(sub.paid_through) })}
      </p>
      {sub.autopay === "active" && !sub.ends_at ? (
        <p className="text-sm text-slate-700">{t("autopayOn")}</p>
      ) : null}
      {payable && item.paypal_invoice_link ? (
        <a href={item.paypal_invoice_link} className={buttonStyles.primary}>
          {item.state === "awaiting payment" ? t("payDue") : t("payNext")}
        </a>
      ) : null}
      {cancel.isSuccess ? null : <AutopayButton item={item} />}
      {cancellable && !confirming && !cancel.isSuccess ? (
        <button
          ref={cancelButtonRef}
          type="button"
          className={buttonStyles.secondary}
          aria-label={t("cancelLabel", { name })}
          onClick={() => setConfirming(true)}
        >
          {t("cancel")}
        </button>
      ) : null}
      {confirming && !cancel.isSuccess ? (
        <div className="space-y-2 rounded-xl border border-slate-300 p-3">
          <p ref={confirmRef} tabIndex={-1}>
            {t("cancelConfirm", { date: day(sub.paid_through) })}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={cancel.isPending}
              aria-label={t("cancelYesLabel", { name })}
              onClick={() => cancel.mutate()}
            >
              {t("cancelYes")}
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              aria-label={t("cancelNoLabel", { name })}
              onClick={() => {
                backToButton.current = true;
                setConfirming(false);
              }}
            >
              {t("cancelNo")}
            </button>
          </div>
        </div>
      ) : null}
      <div aria-live="polite">
        {cancel.isSuccess ? (
          <p ref={doneRef} tabIndex={-1} role="status">
            {t("cancelled")}
          </p>
        ) : null}
        {cancel.isError ? (
          <p ref={failedRef} tabIndex={-1} role="alert" className="text-red-800 focus:outline-none">
            {t("cancelFailed")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
