import { Link, useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../components/ui/button-styles.ts";
import { Container } from "../../components/ui/container.tsx";
import { askServerForUnknownPath } from "../document-path.ts";

/**
 * Spec §2/§8: unknown route, 404, with the message `Page not found: {path}` in the page's language
 * (decision D62); the server answers the status, or follows a redirect staff keep (D189).
 */
export function NotFoundPage() {
  const { t } = useTranslation("errors");
  const path = useLocation({ select: (location) => location.pathname });
  // Reached by a link inside the app: the server may know a redirect for this path (D189).
  useEffect(() => void askServerForUnknownPath(path), [path]);
  return (
    <Container className="py-16">
      <section data-testid="not-found" aria-labelledby="not-found-heading" className="max-w-2xl">
        <p className="text-sm font-bold tracking-widest text-orange-800 uppercase">404</p>
        <h1 id="not-found-heading" className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">
          {t("notFoundHeading")}
        </h1>
        <p className="mt-4 text-lg text-slate-800">{t("notFoundText")}</p>
        <p className="mt-2 font-mono break-all text-slate-800" data-testid="not-found-path">
          {t("notFoundPath", { path })}
        </p>
        <Link to="/" className={`mt-8 ${buttonStyles.primary}`}>
          {t("backHome")}
        </Link>
      </section>
    </Container>
  );
}
