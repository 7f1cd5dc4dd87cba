import "../i18n.ts";
import type { LessonRules } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../i18n/use-locale.ts";

/** A product page's rules for absences and makeups, in words, before the parent acts (issue 35, D366). */
export function LessonRulesText({ rules }: { rules: LessonRules }) {
  const { t } = useTranslation("lessons");
  const locale = useLocale();
  const hours = rules.absence_cutoff_minutes / 60;
  const bring = rules.what_to_bring[locale] || rules.what_to_bring.de;
  return (
    <section
      className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
      data-testid="lesson-rules"
    >
      <h3 className="font-semibold text-slate-900">{t("rules.title")}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        <li>
          {Number.isInteger(hours)
            ? t("rules.cutoff", { hours })
            : t("rules.cutoffMinutes", { minutes: rules.absence_cutoff_minutes })}
        </li>
        <li>
          {rules.makeup_allowed
            ? t("rules.makeup", {
                count: rules.credits_per_month,
                weeks: Math.round(rules.credit_valid_days / 7),
              })
            : t("rules.noMakeup")}
        </li>
        <li>
          {rules.cancelled_lesson_outcome === "credit"
            ? t("rules.cancelledCredit")
            : t("rules.cancelledLengthen")}
        </li>
        {bring ? <li>{t("rules.bring", { what: bring })}</li> : null}
      </ul>
    </section>
  );
}
