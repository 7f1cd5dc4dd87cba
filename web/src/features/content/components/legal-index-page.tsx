import "../i18n.ts";
import { COOKIE_POLICY_PDF, PAGE_TITLES } from "@atelier/contract";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";

const linkClass = "text-lg font-semibold text-orange-900 underline underline-offset-2 hover:text-orange-950";

/**
 * /legals/indexPop: an index of all legal documents, small enough for a popup or an iframe (the cookie
 * modal's links and the school's other sites can point here). Links open the full pages in the top window.
 */
export function LegalIndexPage() {
  const { t } = useTranslation("content");
  const locale = useLocale();
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-extrabold text-slate-900">{PAGE_TITLES.legalsIndexPop[locale]}</h1>
      <p className="mt-3 text-slate-800">{t("legalIndex.intro")}</p>
      <ul className="mt-6 space-y-3">
        <li>
          <Link to="/legal" target="_top" className={linkClass}>
            {PAGE_TITLES.legal[locale]}
          </Link>
        </li>
        <li>
          <Link to="/legal/privacy" target="_top" className={linkClass}>
            {PAGE_TITLES.privacy[locale]}
          </Link>
        </li>
        <li>
          <Link to="/legal/terms" target="_top" className={linkClass}>
            {PAGE_TITLES.terms[locale]}
          </Link>
        </li>
        <li>
          <a href={COOKIE_POLICY_PDF[locale]} target="_top" className={linkClass}>
            {t("legalIndex.cookies")}
          </a>
        </li>
      </ul>
    </Container>
  );
}
