import "../i18n.ts";
import {
  type ProductDetail,
  type TrialDate,
  type TrialSlot,
  todayInBerlin,
  trialDates,
  type VisitRequestKind,
} from "@atelier/contract";
import { type ComponentPropsWithRef, useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FieldError, inputClass, TextField } from "../../../components/ui/form-fields.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatDate, formatTime } from "../../../lib/format.ts";

/** A trial date's choice as the form keeps it: the day and the group, `2026-12-01|17` (D329). */
const trialChoice = (date: TrialDate) => `${date.date}|${date.slot}`;

/** The day and the group (slot id, or null) of the form's date value: a trial choice or a typed day. */
export function splitTrialChoice(value: string): { date: string; slot: number | null } {
  const [date = "", slot] = value.split("|");
  return { date, slot: slot ? Number(slot) : null };
}

/**
 * The trial's day as a choice of the course's coming lesson dates (issue 32 item 8, D297): each with its
 * group's time, from the contract's `trialDates` (closed days and today's begun lessons left out), instead of
 * a free date the course may not run on.
 */
export function TrialDateField({
  slots,
  closures,
  error,
  ...select
}: Omit<ComponentPropsWithRef<"select">, "id"> & {
  slots: readonly TrialSlot[];
  closures: readonly { starts_on: string; ends_on: string }[];
  error: string | undefined;
}) {
  const { t } = useTranslation("visitRequests");
  const locale = useLocale();
  const id = useId();
  const closed = closures.map((c) => ({ startsOn: c.starts_on, endsOn: c.ends_on }));
  const dates = trialDates(slots, closed, new Date());
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {t("date.trialChoice")} *
      </label>
      <select
        id={id}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={inputClass}
        {...select}
      >
        <option value="">{t("date.trialChoose")}</option>
        {dates.map((date) => (
          <option key={`${date.slot}-${date.date}`} value={trialChoice(date)}>
            {`${formatDate(date.date, locale)}, ${formatTime(date.start)}–${formatTime(date.end)}`}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {dates.length > 0 ? t("date.trialHint") : t("date.trialNone")}
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * The request's day: a trial of a course with times chooses one of its lesson dates (D297); otherwise (an
 * off-site visit, a waiting list, an offer without times) the day is typed.
 */
export function VisitDateField({
  kind,
  product,
  error,
  field,
}: {
  kind: VisitRequestKind;
  product: Partial<Pick<ProductDetail, "schedule_slots" | "closures">>;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  const { t } = useTranslation("visitRequests");
  if (kind === "trial" && product.schedule_slots?.length)
    return (
      <TrialDateField
        slots={product.schedule_slots}
        closures={product.closures ?? []}
        error={error}
        {...field}
      />
    );
  return (
    <TextField
      type="date"
      label={kind === "waiting" ? t("date.waiting") : `${t(`date.${kind}`)} *`}
      min={todayInBerlin()}
      aria-required={kind !== "waiting" || undefined}
      error={error}
      {...field}
    />
  );
}
