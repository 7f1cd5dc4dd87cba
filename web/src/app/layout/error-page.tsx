import { Link, useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../components/ui/button-styles.ts";
import { Container } from "../../components/ui/container.tsx";
import { isChunkLoadError, reloadForChunkError } from "../../features/app-updates/reload-guard.ts";

type ErrorPageProps = { error: unknown; reset?: () => void };

/** Generic error (spec §2, 500); a failed lazy chunk reloads the page first, at most once per 10 s. */
export function ErrorPage({ error, reset }: ErrorPageProps) {
  const { t } = useTranslation("errors");
  const router = useRouter();
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (isChunkLoadError(error) && reloadForChunkError()) setReloading(true);
  }, [error]);

  const retry = () => {
    reset?.();
    void router.invalidate();
  };

  return (
    <Container className="py-16">
      <section aria-labelledby="error-heading" className="max-w-2xl" data-testid="error-page">
        <p className="text-sm font-bold tracking-widest text-orange-800 uppercase">500</p>
        <h1 id="error-heading" className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">
          {t("errorHeading")}
        </h1>
        <p className="mt-4 text-lg text-slate-800" role={reloading ? "status" : undefined}>
          {reloading ? t("reloading") : t("errorText")}
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <button type="button" className={buttonStyles.primary} onClick={retry}>
            {t("retry")}
          </button>
          <Link to="/" className={buttonStyles.secondary} onClick={() => reset?.()}>
            {t("backHome")}
          </Link>
        </div>
      </section>
    </Container>
  );
}

/** The root route's boundary: the layout itself failed, so this supplies the main landmark. */
export function RootErrorPage(props: ErrorPageProps) {
  return (
    <main id="main-content" tabIndex={-1}>
      <ErrorPage {...props} />
    </main>
  );
}
