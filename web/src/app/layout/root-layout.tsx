import { Outlet, useLocation } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { NewVersionBanner } from "../../features/app-updates/components/new-version-banner.tsx";
import { isCookieModalClosed, onCookieSettingsRequest } from "../../features/cookie-consent/consent-store.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { pageTitleOverride } from "../../lib/page-title.ts";
import { startedFromServerHtml } from "../server-rendered.ts";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { pageLayout, pageTitle } from "./page-layout.ts";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link.tsx";

// Most visits after the first never show the modal, so its code (Radix Dialog, Checkbox) loads on demand.
const CookieModal = lazy(() =>
  import("../../features/cookie-consent/components/cookie-modal.tsx").then((m) => ({
    default: m.CookieModal,
  })),
);

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const locale = useLocale();
  const layout = pageLayout(pathname);
  // The server renders no modal (it cannot see the stored choice): on a server-rendered page it opens
  // after hydration, as an overlay that moves nothing (D86).
  const [showCookieModal, setShowCookieModal] = useState(
    () => typeof window !== "undefined" && !startedFromServerHtml() && !isCookieModalClosed(storage()),
  );
  useEffect(() => {
    if (startedFromServerHtml() && !isCookieModalClosed(storage())) setShowCookieModal(true);
  }, []);

  // The footer's "cookie settings" link shows the modal again, with the choice stored so far.
  useEffect(() => onCookieSettingsRequest(() => setShowCookieModal(true)), []);

  useEffect(() => {
    document.title = pageTitleOverride(pathname) ?? pageTitle(pathname, locale);
  }, [pathname, locale]);

  return (
    <div
      className={`flex min-h-screen flex-col text-slate-900 ${layout.greyPage ? "bg-slate-100" : "bg-white"}`}
    >
      <SkipLink />
      {/* The cookie decision comes first: a sign-in dialog that /login or /profile opens waits for it. */}
      <Header holdDialogs={showCookieModal} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      {layout.whiteStrip ? <div aria-hidden="true" className="h-16 bg-white" /> : null}
      {layout.showFooter ? <Footer white={layout.whiteFooter} /> : null}
      <NewVersionBanner />
      {showCookieModal ? (
        <Suspense fallback={null}>
          <CookieModal onClose={() => setShowCookieModal(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
