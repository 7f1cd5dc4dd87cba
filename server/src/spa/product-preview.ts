import { type Locale, SITE_NAME } from "@atelier/contract";
import { defaultHead, renderPage } from "./render-page.ts";
import type { PageRenderer } from "./server-renderer.ts";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A product as the shop's API answers `GET /api/v2/products/{id}/`, made from a draft (D147). */
export type PreviewProduct = {
  id: number;
  slug: string;
  name: string;
  summary?: string;
  title_image?: { src: string; alt: string } | null;
} & Record<string, unknown>;

export type ProductPreview = (input: { product: PreviewProduct; locale: Locale }) => Promise<string>;

/** Every script and module preload out: the preview is the shop's HTML and styles, never its code. */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/gi, "")
    .replace(/<link[^>]+rel="preload"[^>]*as="fetch"[^>]*>/gi, "");
}

/** Without a web build (the API tests), the draft's title, summary and image in a plain page. */
function plainPage(product: PreviewProduct, locale: Locale): string {
  const image = product.title_image
    ? `<img src="${escapeHtml(product.title_image.src)}" alt="${escapeHtml(product.title_image.alt)}">`
    : "";
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(product.name)} – ${escapeHtml(SITE_NAME[locale])}</title></head><body><main><h1>${escapeHtml(product.name)}</h1>${image}<p>${escapeHtml(product.summary ?? "")}</p></main></body></html>`;
}

/**
 * The back office's live preview of a product page (D147): the storefront's own server rendering of
 * `/product/{id}` in the language asked, with the shop's reply for that product replaced by the draft's,
 * then stripped of every script. The admin shows it in a sandboxed frame: the shop's HTML and styles as a
 * parent sees them, without any storefront JavaScript in the admin or admin code in the shop.
 */
export function createProductPreview(input: {
  template: string;
  renderer: PageRenderer | undefined;
  publicUrl: string;
}): ProductPreview {
  return async ({ product, locale }) => {
    const path = `/product/${product.id}`;
    const own = new RegExp(`^/api/v2/products/(?:${product.id}|${escapeRegExp(product.slug)})/?(?:\\?|$)`);
    const body = JSON.stringify(product);
    const rendered = input.renderer
      ? await input.renderer({
          url: `${path}?locale=${locale}`,
          locale,
          cookieModalClosed: true,
          override: (apiPath) =>
            own.test(apiPath)
              ? { status: 200, body, contentType: "application/json; charset=utf-8" }
              : undefined,
        })
      : null;
    if (!rendered) return plainPage(product, locale);
    const html = renderPage(input.template, {
      locale,
      path,
      publicUrl: input.publicUrl,
      head: { ...defaultHead("product", locale), title: `${product.name} – ${SITE_NAME[locale]}` },
      indexable: false,
      body: { html: rendered.html, state: "" },
    });
    return withoutScripts(html);
  };
}
