import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { Locale, PageKey } from "@atelier/contract";
import type { FastifyInstance } from "fastify";

/**
 * Public pages whose HTML the server renders with their data (D86): home, the catalogue lists, product
 * and instructor pages and the plain content pages. Pages that depend on the visitor (cart, profile,
 * checkout, payment, sign-in, the QR scanner) and forms stay rendered by the browser.
 */
export const SERVER_RENDERED_PAGES: ReadonlySet<PageKey> = new Set<PageKey>([
  "home",
  "aboutUs",
  "prices",
  "instructors",
  "instructor",
  "courses",
  "academies",
  "workshops",
  "events",
  "birthdayParties",
  "giftcards",
  "schoolOffer",
  "specialOffer",
  "product",
]);

/** The web build's server entry (`web/src/entry-server.tsx`). */
type ServerEntry = {
  renderApp(input: {
    url: string;
    locale: Locale;
    answerApi: (path: string) => Promise<{ status: number; body: string; contentType: string }>;
    cookieModalClosed: boolean;
  }): Promise<{ html: string; state: unknown } | null>;
};

export type RenderedPage = { html: string; state: unknown };
/** An API reply the caller gives instead of the server's own (the back office's preview of a draft, D147). */
export type ApiOverride = (path: string) => { status: number; body: string; contentType: string } | undefined;

export type PageRenderer = (input: {
  url: string;
  locale: Locale;
  cookieModalClosed: boolean;
  override?: ApiOverride;
}) => Promise<RenderedPage | null>;

/**
 * Loads the server entry of the web build, if built. The app's GET requests are answered by this
 * server's own routes in-process (`inject`), as a guest: no cookies, no token, so the HTML is the same
 * for every visitor and nothing personal is written into it.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  entryFile: string,
): Promise<PageRenderer | undefined> {
  if (!existsSync(entryFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const answerApi = async (path: string) => {
    const reply = await app.inject({ method: "GET", url: path, headers: { accept: "application/json" } });
    return {
      status: reply.statusCode,
      body: reply.body,
      contentType: String(reply.headers["content-type"] ?? "application/json"),
    };
  };
  return ({ override, ...input }) =>
    entry.renderApp({
      ...input,
      answerApi: override ? async (path) => override(path) ?? (await answerApi(path)) : answerApi,
    });
}

/** The query cache as a JSON data block (`<` escaped so no text can close the element; never run). */
export function stateScript(id: string, state: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(state).replace(/</g, "\\u003c")}</script>`;
}
