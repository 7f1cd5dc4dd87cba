import { withdrawalLineId } from "./withdraw-button.tsx";
import "../withdrawal-i18n.ts";
import {
  berlinDateTimeText,
  type HistoryItem,
  type Locale,
  type RefundState,
  todayInBerlin,
} from "@atelier/contract";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatDate } from "../../../lib/format.ts";
import { formatEuro } from "../../../lib/money.ts";
import { downloadCalendar, downloadDocument, downloadInvoice } from "../api/withdrawal-api.ts";

/**
 * What a refund's money did, as the family reads it: the part a gift card paid is back on the card at once,
 * the rest follows the payment service (D579), so "in Bearbeitung" names only the part still on its way. An
 * instance of the version before answers without `gift_card_cents` during an upgrade: then the whole sum.
 */
function refundWords(
  t: TFunction<"withdrawal">,
  locale: Locale,
  refund: { total: number; giftCard?: number; state: RefundState },
): string {
  const giftCard = refund.giftCard ?? 0;
  const rest = refund.total - giftCard;
  if (giftCard <= 0 || rest <= 0 || refund.state === "none")
    return t(`refund.${refund.state}`, { amount: formatEuro(refund.total, locale) });
  return `${t("refund.none", { amount: formatEuro(giftCard, locale) })} · ${t(`refund.${refund.state}`, { amount: formatEuro(rest, locale) })}`;
}

const LINK = "text-sm font-semibold text-orange-800 underline underline-offset-2 hover:text-orange-900";

/** A button that downloads a file the API serves only to the signed-in parent, and says when it failed. */
function DownloadButton({
  label,
  ariaLabel,
  download,
  testId,
}: {
  label: string;
  ariaLabel?: string;
  download: () => Promise<void>;
  testId?: string;
}) {
  const { t } = useTranslation("withdrawal");
  const [failed, setFailed] = useState(false);
  return (
    <span>
      <button
        type="button"
        className={LINK}
        aria-label={ariaLabel}
        data-testid={testId}
        onClick={() => {
          setFailed(false);
          download().catch(() => setFailed(true));
        }}
      >
        {label}
      </button>
      {failed ? (
        <span role="alert" className="ml-2 text-sm text-red-800">
          {t("downloadFailed")}
        </span>
      ) : null}
    </span>
  );
}

/** An item's invoice and credit note PDFs, and where its withdrawal (or policy cancellation) and refund stand. */
export function ItemDocuments({ item }: { item: HistoryItem }) {
  const { t } = useTranslation("withdrawal");
  const locale = useLocale();
  const withdrawal = item.withdrawal;
  const invoiceNumber = item.invoice_number;
  const creditNote = withdrawal?.credit_note_number;
  // A contract's months after the first, each with its own invoice (D556), newest first.
  const months = [...(item.subscription?.month_invoices ?? [])].reverse();
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1">
      {invoiceNumber ? (
        <DownloadButton
          label={t("invoicePdf")}
          ariaLabel={t("invoicePdfLabel", { number: invoiceNumber })}
          download={() => downloadInvoice(item.order)}
          testId={`invoice-pdf-${item.id}`}
        />
      ) : null}
      {months.length > 0 ? (
        // A contract of years has dozens: folded, so the item's other lines stay in view.
        <details className="w-full" data-testid={`month-invoices-${item.id}`}>
          <summary className="cursor-pointer text-sm font-semibold text-slate-800">
            {t("monthInvoices", { count: months.length })}
          </summary>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {months.map((month) => (
              <li key={month.number}>
                <DownloadButton
                  label={t("monthInvoicePdf", {
                    // As the invoice prints its days: 15.03.2027 (a period's ends, where a weekday is noise).
                    from: berlinDateTimeText(month.from, locale),
                    to: berlinDateTimeText(month.to, locale),
                  })}
                  download={() => downloadDocument(month.number)}
                />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {creditNote ? (
        <DownloadButton
          label={t("creditNotePdf", { number: creditNote })}
          download={() => downloadDocument(creditNote)}
        />
      ) : null}
      {withdrawal ? (
        <p
          id={withdrawalLineId(item.id)}
          tabIndex={-1}
          role="status"
          className="w-full text-sm text-slate-800"
          data-testid={`withdrawal-${item.id}`}
        >
          {/* A workshop's free cancellation (D142) reads as a cancellation, a § 355 withdrawal as one (D179). */}
          {t(withdrawal.kind === "cancellation" ? "policy.done" : "done", {
            date: formatDate(todayInBerlin(new Date(withdrawal.created_at)), locale),
          })}
          {" · "}
          {withdrawal.refund_cents === 0
            ? t("refund.nothing")
            : refundWords(t, locale, {
                total: withdrawal.refund_cents,
                giftCard: withdrawal.gift_card_cents,
                state: withdrawal.refund_state,
              })}
        </p>
      ) : null}
      {/* An instance of the version before answers without them during an upgrade. */}
      {(item.credit_notes ?? []).map((note) => (
        // An order refunded at the payment service, a contract's month given back (D567).
        <DownloadButton
          key={note.number}
          label={t("creditNoteOfDay", {
            number: note.number,
            date: berlinDateTimeText(note.issued_on, locale),
            amount: formatEuro(note.amount_cents, locale),
          })}
          download={() => downloadDocument(note.number)}
          testId={`credit-note-${note.number}`}
        />
      ))}
      {item.refunds.map((refund) => (
        <div key={`refund-${refund.id}`} className="flex w-full flex-wrap gap-x-4 gap-y-1">
          <p role="status" className="text-sm text-slate-800" data-testid={`school-refund-${refund.id}`}>
            {t(refund.cancelled ? "schoolCancel" : "schoolRefund", {
              date: formatDate(todayInBerlin(new Date(refund.created_at)), locale),
            })}
            {refund.amount_cents > 0
              ? ` · ${refundWords(t, locale, { total: refund.amount_cents, giftCard: refund.gift_card_cents, state: refund.refund_state })}`
              : ""}
          </p>
          {refund.credit_note_number ? (
            <DownloadButton
              label={t("creditNotePdf", { number: refund.credit_note_number })}
              download={() => downloadDocument(refund.credit_note_number ?? "")}
            />
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** The child's booked dates as a calendar file. */
export function CalendarDownload({ visitorId, name }: { visitorId: number; name: string }) {
  const { t } = useTranslation("withdrawal");
  return (
    <DownloadButton
      label={t("calendar")}
      ariaLabel={t("calendarLabel", { name })}
      download={() => downloadCalendar(visitorId)}
      testId={`calendar-${visitorId}`}
    />
  );
}
