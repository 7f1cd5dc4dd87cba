import { ROUTE_PRELOAD_CONCURRENCY } from "@atelier/contract";
import type { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { createConcurrencyLimiter } from "../lib/concurrency.ts";
import { routeTree } from "../routeTree.gen.ts";
import { ErrorPage } from "./layout/error-page.tsx";
import { NotFoundPage } from "./layout/not-found-page.tsx";
import { renderedByServer } from "./server-rendered.ts";

export type RouterContext = { queryClient: QueryClient };

/**
 * Whether the router places the window after a render. A server-rendered page (D86) is on screen and
 * scrollable before the app takes it over: the browser has put it at the top, at the hash target or back
 * where it was, and a parent on a slow phone may have scrolled on meanwhile. The router's first render
 * leaves it there instead of throwing the parent back to the top (D176); every later one places it.
 */
function leaveServerPageWhereItIs() {
  let first = true;
  return () => {
    const leave = first && renderedByServer() !== undefined;
    first = false;
    return !leave;
  };
}

/** `history`: the server renderer's memory history (D86); the browser's by default. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    // Links preload their route's chunk (and loader) on hover or focus.
    defaultPreload: "intent",
    // TanStack Query owns data freshness; the router must not cache loader results on top of it.
    defaultPreloadStaleTime: 0,
    // Spec §2 rule 4: top of the page on a new page, the hash target when there is one; back/forward
    // restores where the visitor was.
    // Off in the server renderer, whose restoration script the browser's tree would not have (D86).
    scrollRestoration: history ? false : leaveServerPageWhereItIs(),
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });

  // Spec §9: at most ROUTE_PRELOAD_CONCURRENCY (4) route preloads at once. TanStack Router has no such
  // option, so intent preloads (which all go through router.preloadRoute) wait in a small queue.
  // Real navigations do not use preloadRoute and are never held back.
  const limit = createConcurrencyLimiter(ROUTE_PRELOAD_CONCURRENCY);
  const preloadRoute = router.preloadRoute;
  router.preloadRoute = (options) => limit(() => preloadRoute(options));

  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
