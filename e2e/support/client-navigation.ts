import type { Page } from "@playwright/test";

/**
 * Walks a loaded page of the shop from route to route as its own links do: the app's router follows
 * `history.pushState` (TanStack Router listens to it), so each route renders in the same document with the
 * code and language already loaded, instead of a new load, server render and hydration per route (D481).
 *
 * `go(path)` waits until the route's code and data have come: no request of the page in flight for
 * `QUIET_MS`. Playwright's "networkidle" cannot say so here: it is a state of the document, reached once
 * at its load and not again on a client-side navigation.
 */
export function clientNavigation(page: Page) {
  let inFlight = 0;
  let changed = Date.now();
  const start = () => {
    inFlight += 1;
    changed = Date.now();
  };
  const end = () => {
    inFlight -= 1;
    changed = Date.now();
  };
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);

  async function settled(timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 || Date.now() - changed < QUIET_MS) {
      if (Date.now() > deadline)
        throw new Error(`${inFlight} request(s) still in flight after ${timeoutMs} ms`);
      await new Promise((done) => setTimeout(done, 20));
    }
  }

  return {
    settled,
    /** Goes to `path` (a path of the shop, without its query) in the loaded document and waits for it. */
    async go(path: string) {
      changed = Date.now();
      await page.evaluate((to) => window.history.pushState({}, "", to), path);
      await page.waitForURL((url) => url.pathname === path);
      await settled();
    },
  };
}

/** How long a page has sent nothing before it counts as loaded: a route's chunk, then its data, follow each other within a few milliseconds. */
const QUIET_MS = 200;
