import type { Page, Request } from "@playwright/test";

/**
 * Walks a loaded page of the shop from route to route as its own links do: the app's router follows
 * `history.pushState` (TanStack Router listens to it), so each route renders in the same document with the
 * code and language already loaded, instead of a new load, server render and hydration per route (D481).
 *
 * `go(path)` waits for the router to say it has rendered the new route (its `onRendered` event, after the
 * route's code and loaders), and then until no request of the page has been in flight for `QUIET_MS`: the
 * data a component of the route asks for itself. Playwright's "networkidle" cannot say so here: it is a
 * state of the document, reached once at its load and not again on a client-side navigation.
 */
export function clientNavigation(page: Page) {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  page.on("request", (request) => {
    inFlight.add(request);
    changed = Date.now();
  });
  const end = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on("requestfinished", end);
  page.on("requestfailed", end);

  async function settled(timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (inFlight.size > 0 || Date.now() - changed < QUIET_MS) {
      if (Date.now() > deadline) {
        const urls = [...inFlight].map((request) => request.url());
        throw new Error(`still in flight after ${timeoutMs} ms: ${urls.join(", ")}`);
      }
      await new Promise((done) => setTimeout(done, 20));
    }
  }

  return {
    settled,
    /**
     * Goes to `path` (a path of the shop, without its query) in the loaded document, waits until the router
     * has rendered it and its requests are done, and answers the path the router ended at (a route may
     * redirect).
     */
    async go(path: string): Promise<string> {
      // The router listens to the history only once the app has taken the server's page over (D86): a
      // push before that is lost. On a busy machine that can be well after the page's requests are done.
      await page.locator("#root:not([data-hydrating])").waitFor({ state: "attached" });
      const renderedAt = await page.evaluate(
        ({ to, timeoutMs }) =>
          new Promise<string>((done, fail) => {
            type Router = { subscribe(event: "onRendered", listener: () => void): () => void };
            const router = (window as unknown as { __TSR_ROUTER__?: Router }).__TSR_ROUTER__;
            if (!router) return fail(new Error("the page has no TanStack router to follow the walk"));
            const timer = setTimeout(() => {
              stop();
              fail(new Error(`the router did not render ${to} within ${timeoutMs} ms`));
            }, timeoutMs);
            const stop = router.subscribe("onRendered", () => {
              clearTimeout(timer);
              stop();
              done(window.location.pathname);
            });
            window.history.pushState({}, "", to);
          }),
        { to: path, timeoutMs: 15_000 },
      );
      await settled();
      return renderedAt;
    },
  };
}

/** How long a page has sent nothing before it counts as loaded: a route's chunk, then its data, follow each other within a few milliseconds. */
const QUIET_MS = 200;
