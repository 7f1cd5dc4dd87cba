import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { installGuestTransfer } from "./app/guest-transfer.ts";
import { createAppRouter } from "./app/router.ts";
import { installChunkReloadGuard } from "./features/app-updates/reload-guard.ts";
import { applyLocale } from "./features/locale/apply-locale.ts";
import { detectLocale } from "./features/locale/detect-locale.ts";
import { initMonitoring } from "./features/monitoring/init-monitoring.ts";
import { i18n, initI18n } from "./i18n/i18n.ts";
import { createQueryClient } from "./lib/query-client.ts";
import "./styles.css";

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
initMonitoring(router);

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

createRoot(rootElement).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  </StrictMode>,
);
