import type { Locale, PurchaseTerms } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { formatDate } from "../lib/format.ts";
import { formatEuro } from "../lib/money.ts";
import { RefundPolicyLine } from "./refund-policy-line.tsx";

/**
 * The label of the cancellation row follows what the row says (issue 32 item 11): a one-off ticket (a workshop,
 * an event) or any line with a free-cancellation deadline is "cancelled" (Stornierung), only a running course's
 * subscription is "terminated" (Kündigung).
 */
export function cancellationLabelKey(recurring: boolean, refundDaysBefore: number | null) {
  return recurring && refundDaysBefore === null ? "terms.cancellation" : "terms.cancellationOneOff";
}

/**
 * What a line buys, said before paying (issue 24 item 3, D153): the first lesson, the period the first
 * payment covers and the next payment (subscriptions), the house with its address, and the cancellation
 * terms in one line. The server computes every value (the contract's billing period); this only renders
 * them, the same on the buy page, the cart and the checkout.
 */
export function PurchaseTermsList({
  terms,
  recurring,
  refundDaysBefore,
  locale,
  className = "",
}: {
  terms: PurchaseTerms;
  recurring: boolean;
  refundDaysBefore: number | null;
  locale: Locale;
  className?: string;
}) {
  const { t } = useTranslation("common");
  const rows: { key: string; label: string; value: React.ReactNode }[] = [];
  // "Erste Stunde" fits a running course; a workshop's, an event's or an academy's first day is its start (D496).
  if (terms.first_lesson)
    rows.push({
      key: "first",
      label: t(recurring ? "terms.firstLesson" : "terms.starts"),
      value: formatDate(terms.first_lesson, locale),
    });
  if (terms.period)
    rows.push({
      key: "period",
      label: t("terms.period"),
      value: `${formatDate(terms.period.from, locale)} – ${formatDate(terms.period.to, locale)}`,
    });
  if (terms.next_payment)
    rows.push({
      key: "next",
      label: t("terms.nextPayment"),
      value: t("terms.nextPaymentValue", {
        date: formatDate(terms.next_payment.on, locale),
        amount: formatEuro(terms.next_payment.amount_cents, locale),
      }),
    });
  if (terms.house)
    rows.push({
      key: "house",
      label: t("terms.house"),
      value: (
        <>
          {terms.house.name}, {terms.house.address}
        </>
      ),
    });
  const cancellation =
    refundDaysBefore !== null ? (
      <RefundPolicyLine days={refundDaysBefore} />
    ) : recurring ? (
      <span data-testid="subscription-terms">{t("terms.subscriptionCancel")}</span>
    ) : null;
  if (cancellation)
    rows.push({
      key: "cancel",
      label: t(cancellationLabelKey(recurring, refundDaysBefore)),
      value: cancellation,
    });
  if (rows.length === 0) return null;
  return (
    <dl className={`grid gap-x-3 gap-y-0.5 text-sm text-slate-800 ${className}`} data-testid="purchase-terms">
      {rows.map((row) => (
        <div key={row.key} className="[overflow-wrap:anywhere]" data-testid={`terms-${row.key}`}>
          <dt className="inline font-semibold">{row.label}: </dt>
          <dd className="inline">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
