import type { Qna } from "@atelier/contract";
import { useTranslation } from "react-i18next";

/** The heading style of a product page's sections (product and gift card layouts). */
export const sectionHeading = "text-2xl font-bold text-slate-900";

/** Questions and answers of a product page, each opened on demand. */
export function FaqSection({ qna }: { qna: readonly Qna[] }) {
  const { t } = useTranslation("catalogue");
  if (qna.length === 0) return null;
  return (
    <section aria-labelledby="faq-heading">
      <h2 id="faq-heading" className={sectionHeading}>
        {t("product.faq")}
      </h2>
      <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200">
        {qna.map((entry) => (
          <li key={entry.question}>
            <details className="group p-4">
              <summary className="cursor-pointer font-semibold text-slate-900 marker:text-orange-800">
                {entry.question}
              </summary>
              <p className="mt-2 text-slate-800">{entry.answer}</p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
