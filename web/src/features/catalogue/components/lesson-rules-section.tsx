import "../i18n.ts";
import type { LessonRules, PageCancellation, ProductDetail } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../i18n/use-locale.ts";
import { pageCancellationsOptions } from "../api/products.ts";
import { formatDate } from "../format.ts";
import { sectionHeading } from "./faq-section.tsx";

/** Offers with a season of weekly lessons: their page says the rules of absences and makeups (D391). */
const SEASON_TYPES: readonly string[] = ["Course"];

/** The rules in words, each a sentence a parent reads before booking (issue 35: "every rule visible"). */
function RuleLines({ rules, season }: { rules: LessonRules; season: boolean }) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  const bring = rules.what_to_bring[locale] || rules.what_to_bring.de;
  const hours = rules.absence_cutoff_minutes / 60;
  const lines = season
    ? [
        Number.isInteger(hours)
          ? t("product.lessonRules.cutoff", { hours })
          : t("product.lessonRules.cutoffMinutes", { minutes: rules.absence_cutoff_minutes }),
        rules.makeup_allowed
          ? t("product.lessonRules.makeup", {
              count: rules.credits_per_month,
              weeks: Math.round(rules.credit_valid_days / 7),
            })
          : t("product.lessonRules.noMakeup"),
        rules.cancelled_lesson_outcome === "credit"
          ? t("product.lessonRules.cancelledCredit")
          : t("product.lessonRules.cancelledLengthen"),
      ]
    : [];
  if (bring) lines.push(t("product.lessonRules.bring", { what: bring }));
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="lesson-rules-heading" data-testid="product-lesson-rules">
      <h2 id="lesson-rules-heading" className={sectionHeading}>
        {t("product.lessonRules.title")}
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-800">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** The coming dates the school cancelled, with the reason (D369, D391); nothing when there are none. */
function CancelledDates({ list }: { list: PageCancellation[] }) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="cancelled-heading" data-testid="product-cancelled-lessons">
      <h2 id="cancelled-heading" className={sectionHeading}>
        {t("product.cancelled")}
      </h2>
      <p className="mt-2 text-slate-700">{t("product.cancelledNote")}</p>
      <ul className="mt-4 space-y-2">
        {list.map((one) => (
          <li key={`${one.slot}-${one.date}`} className="flex flex-wrap gap-x-3">
            <span className="font-semibold">
              {t("product.cancelledLine", {
                date: formatDate(one.date, locale),
                start: one.start,
                end: one.end,
              })}
            </span>
            <span className="break-words">{one.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What a product page says of lessons over a season (issue 35, D391): the page's rules of absences, makeups
 * and lessons the school cancels in words, what to bring, and the coming cancelled dates.
 */
export function LessonSeasonSections({ product }: { product: ProductDetail }) {
  const locale = useLocale();
  const dated = product.schedule_slots.length > 0;
  const cancellations = useQuery({ ...pageCancellationsOptions(locale, product.id), enabled: dated });
  return (
    <>
      {product.lesson_rules ? (
        <RuleLines rules={product.lesson_rules} season={SEASON_TYPES.includes(product.product_type)} />
      ) : null}
      <CancelledDates list={cancellations.data ?? []} />
    </>
  );
}
