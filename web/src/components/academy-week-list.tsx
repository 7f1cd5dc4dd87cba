import type { OrderItem } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { useLocale } from "../i18n/use-locale.ts";
import { formatDate } from "../lib/format.ts";

/**
 * An item's chosen academy weeks, one line each (from – to); nothing when the item has none. The cart line
 * and the payment-complete page show the same list.
 */
export function AcademyWeekList({ weeks }: { weeks: OrderItem["academy_week_details"] }) {
  const { t } = useTranslation("common");
  const locale = useLocale();
  if (weeks.length === 0) return null;
  return (
    <ul className="mt-2 text-sm text-slate-800" aria-label={t("academyWeeks")}>
      {weeks.map((week) => (
        <li key={week.id}>
          {formatDate(week.starts_on, locale)} – {formatDate(week.ends_on, locale)}
        </li>
      ))}
    </ul>
  );
}
