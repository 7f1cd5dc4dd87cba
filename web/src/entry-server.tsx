// First: the page modules imported below need initialised texts.
import "./i18n/init-server.ts";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "@atelier/contract";
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  type Query,
  type QueryClient,
  QueryClientProvider,
} from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { loadCookieModal } from "./app/layout/root-layout.tsx";
import { createAppRouter } from "./app/router.ts";
import { type ServerPage, setServerPage } from "./app/server-rendered.ts";
import { ssoCallbackFromSearchStr } from "./features/auth/sso.ts";
import { i18n, setLocaleSource } from "./i18n/i18n.ts";
import { setApiTransport } from "./lib/api-client.ts";
import { createQueryClient } from "./lib/query-client.ts";

/**
 * Server rendering of public pages (D86). The server hands in how to answer the app's GET requests
 * in-process; the page is rendered as a guest sees it, with the data its queries need, and the query
 * cache goes into the page so the browser hydrates the same tree without fetching again.
 */

/** Answers a GET of the app's API (path with query) as a guest; the server calls its own routes. */
export type ApiAnswer = (path: string) => Promise<{ status: number; body: string; contentType: string }>;

export type RenderedApp = { html: string; state: { queries: unknown; page: ServerPage } };

// Renders a few passes at most: each pass can reveal queries that need the data of the one before.
const MAX_PASSES = 4;

// What the request being rendered needs outside React: its locale and who answers its API calls.
const currentRequest = new AsyncLocalStorage<{ locale: Locale; answer: ApiAnswer }>();
let initialised = false;

function setup() {
  if (initialised) return;
  initialised = true;
  setLocaleSource(() => currentRequest.getStore()?.locale);
  setApiTransport(async (input, init) => {
    const method = init?.method ?? "GET";
    // A guest's page only reads: whatever would write (a new cart) is left to the browser.
    const answer = currentRequest.getStore()?.answer;
    if (method !== "GET" || !answer) throw new Error(`server rendering does not send ${method}`);
    const reply = await answer(String(input));
    return new Response(reply.status === 204 ? null : reply.body, {
      status: reply.status,
      headers: { "content-type": reply.contentType },
    });
  });
}

/** A query the render asked for that has neither data nor a request under way (and is not switched off). */
function waitingQuery(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  const off = enabled === false || (typeof enabled === "function" && enabled(query) === false);
  return query.state.status === "pending" && !off;
}

/** Starts what the last pass asked for and waits for every request under way; false when nothing was. */
async function settleQueries(queryClient: QueryClient): Promise<boolean> {
  const pending = queryClient
    .getQueryCache()
    .findAll()
    .filter((query) => waitingQuery(query) || query.state.fetchStatus === "fetching");
  if (!pending.length) return false;
  // Failures stay in the cache as errors; the browser retries those (they are not sent along).
  await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
  return true;
}

function renderTree(
  queryClient: QueryClient,
  router: ReturnType<typeof createAppRouter>,
  locale: Locale,
  page: ServerPage,
) {
  // The one i18n instance and page facts serve every request: set right before the synchronous render,
  // which no other request can interleave with.
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  setServerPage(page);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const pathOf = (href: string) => new URL(href, "http://page.invalid").pathname;

/**
 * The router loaded at `url`, or `null` for a page the browser should render itself. The navigation rules
 * may add the locale to the query (spec §2 rule 2): that page is rendered, since the browser's router
 * makes the same step before it hydrates; any other redirect (the redirect table) is left to the browser.
 */
async function loadRouter(queryClient: QueryClient, url: string) {
  let href = url;
  for (let hop = 0; hop < 2; hop++) {
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [href] }));
    await router.load();
    const result = router._serverResult;
    if (result?.type === "render") return result.status === 200 ? router : null;
    const target = result?.redirect.options.href;
    if (!target || pathOf(target) !== pathOf(href)) return null;
    const parsed = new URL(target, "http://page.invalid");
    href = `${parsed.pathname}${parsed.search}`;
  }
  return null;
}

/**
 * The HTML of the app at `url` (path and query) and the query cache that goes with it, or `null` when
 * the page is left to the browser (the navigation rules redirect, or a sign-in callback is in the URL).
 */
export async function renderApp(input: {
  url: string;
  locale: Locale;
  answerApi: ApiAnswer;
  /** The request carried the closed-modal cookie: the page is rendered without the cookie modal. */
  cookieModalClosed: boolean;
}) {
  setup();
  // The modal renders at once, not as a loading placeholder, so its code is there before the first render.
  await loadCookieModal();
  const page: ServerPage = { cookieModal: !input.cookieModalClosed };
  const { url, locale } = input;
  const search = url.includes("?") ? url.slice(url.indexOf("?")) : "";
  if (ssoCallbackFromSearchStr(search)) return null;

  return currentRequest.run({ locale, answer: input.answerApi }, async (): Promise<RenderedApp | null> => {
    const queryClient = createQueryClient();
    const router = await loadRouter(queryClient, url);
    if (!router) return null;

    // The loaders have started their data; a render can ask for more (each pass waits for the last).
    let html = "";
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const waited = await settleQueries(queryClient);
      if (pass > 0 && !waited) break;
      html = renderTree(queryClient, router, locale, page);
    }
    // What lives in the browser (a guest's children in local storage) is read there, not sent from here.
    const queries = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && query.meta?.browserOnly !== true,
    });
    queryClient.clear();
    return { html, state: { queries, page } };
  });
}
