import { Outlet, useLocation } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { AccountNoticeBar } from "../../components/account-notice.tsx";
import { NewVersionBanner } from "../../features/app-updates/components/new-version-banner.tsx";
import {
  isCookieModalClosed,
  mirrorModalClosedForServer,
  onCookieSettingsRequest,
} from "../../features/cookie-consent/consent-store.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { pageTitleOverride } from "../../lib/page-title.ts";
import { browserStorage } from "../../lib/storage.ts";
import { renderedByServer } from "../server-rendered.ts";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { pageLayout, pageTitle } from "./page-layout.ts";
import { useFocusOnPageChange } from "./route-focus.ts";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link.tsx";

type CookieModalComponent =
  typeof import("../../features/cookie-consent/components/cookie-modal.tsx").CookieModal;
let LoadedCookieModal: CookieModalComponent | undefined;

/**
 * Most visits after the first never show the modal, so its code loads on demand. The server renderer and
 * a page whose HTML has the modal load it before rendering, so it renders at once in both (D86).
 */
export const loadCookieModal = () =>
  import("../../features/cookie-consent/components/cookie-modal.tsx").then((m) => {
    LoadedCookieModal = m.CookieModal;
    return { default: m.CookieModal };
  });
const LazyCookieModal = lazy(loadCookieModal);

export function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const locale = useLocale();
  const layout = pageLayout(pathname);
  // A server-rendered page starts as the server rendered it: with the modal unless the request carried
  // the closed-modal cookie (D86). The stored choice is the truth: the effect corrects the page and the
  // cookie when they differ (a logout cleared the storage, or the choice predates the cookie).
  const [showCookieModal, setShowCookieModal] = useState(() => {
    const server = renderedByServer();
    if (server) return server.cookieModal;
    return typeof window !== "undefined" && !isCookieModalClosed(browserStorage());
  });
  // Only the modal the server's HTML has is open before hydration; one opened later opens as usual.
  const [modalInHtml, setModalInHtml] = useState(() => renderedByServer()?.cookieModal === true);
  useEffect(() => {
    const closed = isCookieModalClosed(browserStorage());
    mirrorModalClosedForServer(closed);
    if (renderedByServer()) setShowCookieModal(!closed);
  }, []);
  const closeCookieModal = () => {
    setShowCookieModal(false);
    setModalInHtml(false);
  };

  // The footer's "cookie settings" link shows the modal again, with the choice stored so far.
  useEffect(() => onCookieSettingsRequest(() => setShowCookieModal(true)), []);

  useEffect(() => {
    document.title = pageTitleOverride(pathname) ?? pageTitle(pathname, locale);
  }, [pathname, locale]);
  useFocusOnPageChange();

  return (
    <div
      className={`flex min-h-screen flex-col text-slate-900 ${layout.greyPage ? "bg-slate-100" : "bg-white"}`}
    >
      <SkipLink />
      {/* The cookie decision comes first: a sign-in dialog that /login or /profile opens waits for it. */}
      <Header holdDialogs={showCookieModal} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <AccountNoticeBar />
        <Outlet />
      </main>
      {layout.whiteStrip ? <div aria-hidden="true" className="h-16 bg-white" /> : null}
      {layout.showFooter ? <Footer white={layout.whiteFooter} /> : null}
      <NewVersionBanner />
      {showCookieModal ? (
        <Suspense fallback={null}>
          {LoadedCookieModal ? (
            <LoadedCookieModal
              onClose={closeCookieModal}
              openInHtml={modalInHtml}
              languageSwitch={<LanguageSwitch />}
            />
          ) : (
            <LazyCookieModal
              onClose={closeCookieModal}
              openInHtml={modalInHtml}
              languageSwitch={<LanguageSwitch />}
            />
          )}
        </Suspense>
      ) : null}
    </div>
  );
}
