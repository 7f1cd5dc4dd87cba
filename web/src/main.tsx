import { type DehydratedState, hydrate, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import "./app/document-path.ts";
import { installGuestTransfer } from "./app/guest-transfer.ts";
import { loadCookieModal } from "./app/layout/root-layout.tsx";
import { createAppRouter } from "./app/router.ts";
import { SERVER_STATE_ID, type ServerPage, setServerPage } from "./app/server-rendered.ts";
import { installSessionEnded } from "./app/session-ended.ts";
import { installChunkReloadGuard } from "./features/app-updates/reload-guard.ts";
import { applyLocale } from "./features/locale/apply-locale.ts";
import { detectLocale } from "./features/locale/detect-locale.ts";
import { initMonitoring } from "./features/monitoring/init-monitoring.ts";
import { i18n, initI18n } from "./i18n/i18n.ts";
import { createQueryClient } from "./lib/query-client.ts";
import "./styles.css";

// The language the server rendered the page in (read before applyLocale sets it to the browser's choice).
const renderedLocale = document.documentElement.lang;
const locale = detectLocale({
  query: new URLSearchParams(window.location.search).get("locale"),
  cookie: document.cookie,
  languages: navigator.languages,
});
initI18n(locale);
applyLocale(locale);
installChunkReloadGuard();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
installGuestTransfer(queryClient);
installSessionEnded(queryClient);
initMonitoring(router);

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

/** Ends the server HTML's "not interactive yet" state once hydration has committed (D86). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => rootElement?.removeAttribute("data-hydrating"), []);
  return children;
}

const app = (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Hydrated>
          <RouterProvider router={router} />
        </Hydrated>
      </QueryClientProvider>
    </I18nextProvider>
  </StrictMode>
);

// D86: a public page arrives rendered with its data. The browser takes over that HTML (hydrates) with the
// same data and the route's code loaded first, so nothing is fetched again and nothing moves. A page the
// server left empty, or rendered in another language than the browser chose, is rendered here.
const serverState = document.getElementById(SERVER_STATE_ID);
if (serverState && rootElement.hasChildNodes() && renderedLocale === locale) {
  const { queries, page } = JSON.parse(serverState.textContent ?? "{}") as {
    queries: DehydratedState;
    page: ServerPage;
  };
  hydrate(queryClient, queries);
  setServerPage(page);
  // The server's tree has no loading boundary around the routes; this tells the router to match it.
  router.ssr = { manifest: undefined };
  Promise.all([router.load(), page.cookieModal ? loadCookieModal() : undefined])
    .catch((error: unknown) => console.error("loading before hydration failed", error))
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page (the page is already visible; input meanwhile goes to what is hydrated).
    .finally(() => startTransition(() => void hydrateRoot(rootElement, app)));
} else {
  rootElement.replaceChildren();
  createRoot(rootElement).render(app);
}
