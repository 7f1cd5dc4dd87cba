import { Link, useLocation } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../components/ui/button-styles.ts";
import { Container } from "../../components/ui/container.tsx";

/**
 * Spec §2/§8: unknown route, 404, with the message `Page not found: {path}` in the page's language
 * (decision D62); the server answers the status.
 */
export function NotFoundPage() {
  const { t } = useTranslation("errors");
  const path = useLocation({ select: (location) => location.pathname });
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
