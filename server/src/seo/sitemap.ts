import { LOCALES, PAGE_ROUTES } from "@atelier/contract";

/** Paths crawlers are kept out of (robots.txt); they are not listed in the sitemap either. */
export const DISALLOWED_PATHS = [
  "/api/",
  "/profile",
  "/cart",
  "/login",
  "/menu",
  "/QrCodeScanner",
  "/payment-complete/",
  "/waiting-list/",
  "/pay/",
  "/absence/",
  "/teaching",
] as const;

const isDisallowed = (path: string) =>
  DISALLOWED_PATHS.some((prefix) => path === prefix.replace(/\/$/, "") || path.startsWith(prefix));

/** Static page routes of spec §2 that a crawler may index: no `{id}` routes, nothing private. */
export const SITEMAP_STATIC_PATHS: string[] = PAGE_ROUTES.map((route) => route.path as string).filter(
  (path) => !path.includes("$") && !isDisallowed(path),
);

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

export type SitemapEntry = { path: string; lastModified?: Date | undefined };

/**
 * One `<url>` per page and locale (`?locale=de`, `?locale=ru`), each naming all language versions
 * with `xhtml:link` hreflang alternates and the bare path as x-default.
 */
export function renderSitemap(publicUrl: string, entries: SitemapEntry[]): string {
  const base = publicUrl.replace(/\/$/, "");
  const urls: string[] = [];
  for (const entry of entries) {
    const href = (locale?: string) => escapeXml(`${base}${entry.path}${locale ? `?locale=${locale}` : ""}`);
    const alternates = [
      ...LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${href(l)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${href()}"/>`,
    ].join("\n");
    const lastmod = entry.lastModified ? `\n    <lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
    for (const locale of LOCALES) {
      urls.push(`  <url>\n    <loc>${href(locale)}</loc>${lastmod}\n${alternates}\n  </url>`);
    }
  }
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}

export function renderRobots(publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
