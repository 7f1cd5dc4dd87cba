import { createRootRouteWithContext, retainSearchParams } from "@tanstack/react-router";
import { RootErrorPage } from "../app/layout/error-page.tsx";
import { NotFoundPage } from "../app/layout/not-found-page.tsx";
import { RootLayout } from "../app/layout/root-layout.tsx";
import { parseRootSearch } from "../app/navigation-rules.ts";
import { runNavigationRules } from "../app/root-before-load.ts";
import type { RouterContext } from "../app/router.ts";
import { currentLocale } from "../i18n/i18n.ts";
import { loadHouses } from "../lib/houses.ts";

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: parseRootSearch,
  // Every link keeps the page language without spelling it out.
  search: { middlewares: [retainSearchParams(["locale"])] },
  beforeLoad: ({ location, search, preload }) => runNavigationRules({ location, search, preload }),
  // The contact block's houses (D177), cached for the visit: only the first page waits for them.
  loader: ({ context }) => loadHouses(context.queryClient, currentLocale()),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RootErrorPage,
});
