import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  COOKIE_MODAL_CLOSED_COOKIE,
  type Locale,
  matchPageRoute,
  PAGE_ROUTES,
  type PageKey,
  REDIRECTS,
} from "@atelier/contract";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { readCookie } from "../i18n/index.ts";
import { apiNotFound, methodNotAllowed, pathGuard, routedMethods } from "../plugins/index.ts";
import { createProductPreview, type ProductPreview } from "./product-preview.ts";
import { type BrowserMonitoring, defaultHead, type PageHead, renderPage } from "./render-page.ts";
import { readRouteChunks } from "./route-chunks.ts";
import {
  loadPageRenderer,
  type RenderedPage,
  SERVER_RENDERED_PAGES,
  stateScript,
} from "./server-renderer.ts";

/**
 * The head of a page from its data (a product's name, a content page's description): `undefined` keeps
 * the default head, `null` means the thing the URL names does not exist, so the page answers 404.
 */
export type HeadProvider = (input: {
  key: PageKey;
  params: { id?: string };
  query: Record<string, unknown>;
  locale: Locale;
}) => Promise<PageHead | null | undefined>;

export type SpaOptions = {
  distDir: string;
  publicUrl: string;
  headProvider?: HeadProvider;
  /** The web build's server entry; by default `dist-ssr/entry-server.js` beside `distDir` (D86). */
  serverEntry?: string;
  /** Handed to the browser in every page (D184); without it the web app monitors only with a build-time DSN. */
  monitoring?: BrowserMonitoring | undefined;
  /**
   * The redirect staff made for a path without a page (D189), asked before the not-found page is sent; the
   * content area reads it, so this plugin does not depend on the database.
   */
  redirectFor?: (url: string) => Promise<{ location: string; permanent: boolean } | undefined>;
};

/** Id of the page's query-cache data block; the web app reads it (`web/src/app/server-rendered.ts`). */
const SERVER_STATE_ID = "app-state";

// Served when the web app has not been built (API-only runs): the server still answers every page path.
const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Atelier</title><!--app-head--></head>
<body><main><h1>Atelier</h1><p>The web app is not built: run npm run build.</p></main></body></html>`;

const isApiPath = (url: string) => url === "/api" || url.startsWith("/api/");

/**
 * A build's hashed file (a script, a style, a chunk): a miss is answered as a plain 404, not the shop's
 * page, which a browser would take for the script it asked for (D553). A page of another release asks
 * for its own files during an upgrade; the app's chunk guard reloads on the failed load.
 */
const isBuildAsset = (url: string) => url.startsWith("/assets/") || url.startsWith("/admin/assets/");

const assetMissing = (reply: FastifyReply) =>
  reply.code(404).header("cache-control", "no-store").type("text/plain; charset=utf-8").send("Not found");

/** Media files, also as their precompressed `.br`/`.gz` twins (the file sent when the browser accepts them). */
const STATIC_MEDIA = /\.(svg|png|jpe?g|gif|webp|avif|ico|pdf|woff2?|ttf)(\.br|\.gz)?$/i;

/**
 * The web build's files: hashed assets cached for a year, version.json never, catalogue images a week, the
 * rest an hour; media may be embedded by other origins.
 */
async function registerStaticFiles(app: FastifyInstance, distDir: string) {
  const assetsDir = join(distDir, "assets");
  const adminAssetsDir = join(distDir, "admin", "assets");
  const imagesDir = join(distDir, "images");
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // web/scripts/precompress.mjs writes .br/.gz beside each asset; they are sent by content negotiation.
    preCompressed: true,
    globIgnore: ["**/*.br", "**/*.gz", "**/.vite/**"],
    cacheControl: false,
    setHeaders(res, filePath) {
      // Images, documents and fonts may be embedded by other origins (the school's existing front end);
      // helmet's same-origin default stays on pages and API replies.
      if (STATIC_MEDIA.test(filePath)) res.header("cross-origin-resource-policy", "cross-origin");
      if (filePath.startsWith(assetsDir) || filePath.startsWith(adminAssetsDir)) {
        res.header("cache-control", "public, max-age=31536000, immutable");
      } else if (filePath.endsWith("version.json")) {
        res.header("cache-control", "no-cache");
      } else if (filePath.startsWith(imagesDir)) {
        // Catalogue images change rarely and are not content-hashed: a week, revalidated in the background.
        res.header("cache-control", "public, max-age=604800, stale-while-revalidate=86400");
      } else {
        res.header("cache-control", "public, max-age=3600");
      }
    },
  });
}

/**
 * Serves the built SPA: static files with cache headers, every page route of spec §2 with status 200 (500
 * when the server renderer fails on it, D175), the redirect table with 301, the redirects staff keep (D189),
 * and any other page path with the not-found page and status 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: SpaOptions,
): Promise<{ productPreview: ProductPreview }> {
  const indexFile = join(options.distDir, "index.html");
  const hasBuild = existsSync(indexFile);
  const template = hasBuild ? readFileSync(indexFile, "utf8") : FALLBACK_TEMPLATE;
  if (!hasBuild) app.log.warn({ distDir: options.distDir }, "web build not found; serving a fallback page");

  const routeChunks = readRouteChunks(options.distDir);
  const renderer = hasBuild
    ? await loadPageRenderer(
        app,
        options.serverEntry ?? join(dirname(options.distDir), "dist-ssr", "entry-server.js"),
      )
    : undefined;
  if (hasBuild) await registerStaticFiles(app, options.distDir);

  const headOf = async (request: FastifyRequest, key: PageKey | undefined) => {
    if (!key || !options.headProvider) return undefined;
    try {
      const params = request.params as { id?: string };
      const query = (request.query ?? {}) as Record<string, unknown>;
      return await options.headProvider({ key, params, query, locale: request.locale });
    } catch (err) {
      request.log.warn({ err }, "page head lookup failed; default head used");
      return undefined;
    }
  };

  // A page the renderer fails on (a page that throws while rendering) answers 500 (spec §2's generic error,
  // D175), so no crawler keeps an empty page; the browser still renders it and shows the error page if it
  // fails there too. `null`: a page the renderer leaves to the browser (a redirect, a sign-in callback).
  const renderApp = async (request: FastifyRequest): Promise<RenderedPage | "failed" | null> => {
    if (!renderer) return null;
    try {
      // The cookie that mirrors a closed cookie modal decides whether the page's HTML has the modal.
      const cookieModalClosed = readCookie(request.headers.cookie, COOKIE_MODAL_CLOSED_COOKIE) === "true";
      return await renderer({ url: request.url, locale: request.locale, cookieModalClosed });
    } catch (err) {
      request.log.error({ err }, "server rendering failed; 500, and the browser renders the page");
      return "failed";
    }
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, wanted: 200 | 404) => {
    const path = request.url.split("?")[0] ?? "/";
    const matched = wanted === 200 ? matchPageRoute(path) : undefined;
    const provided = await headOf(request, matched);
    const found = provided === null ? 404 : wanted;
    const key = found === 200 ? matched : undefined;
    const result = key && SERVER_RENDERED_PAGES.has(key) ? await renderApp(request) : null;
    const rendered = result === "failed" ? null : result;
    const status = result === "failed" ? 500 : found;
    const head = provided ?? defaultHead(key, request.locale);
    const html = renderPage(template, {
      locale: request.locale,
      path,
      publicUrl: options.publicUrl,
      // A rendered page carries its data: fetching it again beside the HTML would only compete with the code.
      head: rendered ? { ...head, preloadFetch: undefined } : head,
      indexable: status === 200,
      modulePreloads: key ? routeChunks.get(key) : undefined,
      body: rendered
        ? { html: rendered.html, state: stateScript(SERVER_STATE_ID, rendered.state) }
        : undefined,
      monitoring: options.monitoring,
    });
    return reply
      .status(status)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(html);
  };

  registerAdminPage(app, options.distDir);
  const productPreview = createProductPreview({ template, renderer, publicUrl: options.publicUrl });

  for (const route of PAGE_ROUTES) {
    const url = route.path.replace(/\$([a-z]+)/gi, ":$1");
    app.get(url, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, 200));
  }

  for (const [from, to] of Object.entries(REDIRECTS)) {
    app.get(from, { schema: { hide: true } }, (request, reply) => {
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      return reply.redirect(`${to}${query}`, 301);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    // A path that routes have for other methods is 405, as Django REST answers it; only unknown paths are 404.
    const allowed = routedMethods(request);
    if (allowed.length > 0) {
      // On a staff path the sign-in and role come first (401, 403), as Django REST checks them before the method.
      await pathGuard(request.url)?.(request);
      return methodNotAllowed(request, reply, allowed);
    }
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !isApiPath(request.url);
    if (!wantsPage) return apiNotFound(request, reply);
    if (isBuildAsset(request.url)) return assetMissing(reply);
    // Spec §2 rule 3: a redirect staff keep sends the visitor on, to a page of the shop or off the site.
    const redirect = await options.redirectFor?.(request.url);
    if (redirect) return reply.redirect(redirect.location, redirect.permanent ? 301 : 302);
    return sendPage(request, reply, 404);
  });
  return { productPreview };
}

// Served when the back office has not been built: /admin still answers, and says what to do.
const ADMIN_FALLBACK = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Atelier</title></head>
<body><main><h1>Atelier</h1><p>The back office is not built: run npm run build.</p></main></body></html>`;

/**
 * The back office (D102): /admin and every path under it get the admin's own HTML (web/admin.html, built to
 * dist/admin/), which loads react-admin; the storefront's pages never do. Its routes are the browser's, so
 * any path under /admin is the same page; it is never indexed nor rendered on the server.
 */
function registerAdminPage(app: FastifyInstance, distDir: string) {
  const adminFile = join(distDir, "admin", "admin.html");
  const html = existsSync(adminFile) ? readFileSync(adminFile, "utf8") : ADMIN_FALLBACK;
  const send = (request: FastifyRequest, reply: FastifyReply) =>
    isBuildAsset(request.url)
      ? assetMissing(reply)
      : reply
          .header("cache-control", "no-cache")
          .header("x-robots-tag", "noindex, nofollow")
          .type("text/html; charset=utf-8")
          .send(html);
  app.get("/admin", { schema: { hide: true } }, send);
  app.get("/admin/*", { schema: { hide: true } }, send);
}
