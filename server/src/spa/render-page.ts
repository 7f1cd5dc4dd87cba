import {
  LOCALES,
  type Locale,
  PAGE_DESCRIPTIONS,
  PAGE_TITLES,
  type PageKey,
  SITE_NAME,
} from "@atelier/contract";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export type PageHead = {
  title: string;
  description?: string;
  /** schema.org data of the page, written as `<script type="application/ld+json">` (a data block, not run). */
  jsonLd?: unknown;
  /** The page's largest image, fetched with the HTML instead of after the app has loaded its data. */
  preloadImage?: string | undefined;
  /** API paths the page requests first, fetched with credentials as the app's client does. */
  preloadFetch?: string[];
};

// `<` is escaped so a text in the data cannot close the script element.
const jsonLdTag = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;

export function defaultHead(key: PageKey | undefined, locale: Locale): PageHead {
  const site = SITE_NAME[locale];
  if (!key) return { title: `${locale === "ru" ? "Страница не найдена" : "Seite nicht gefunden"} – ${site}` };
  if (key === "home") return { title: site };
  const description = PAGE_DESCRIPTIONS[key]?.[locale];
  return { title: `${PAGE_TITLES[key][locale]} – ${site}`, ...(description ? { description } : {}) };
}

/** What the web app needs to report to Sentry: a DSN without a secret key, and the environment's name. */
export type BrowserMonitoring = { dsn: string; environment: string };

const ENTRY_SCRIPT = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/;

/**
 * A server-rendered page (D86) paints from its HTML and styles: the app's entry and the route's chunks are
 * fetched after the first paint by `/app-start.js` (web/public), not beside the styles before it.
 */
function startAfterFirstPaint(template: string, chunks: string[]): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) return template;
  const start = `<script type="module" src="/app-start.js" data-app-entry="${escapeHtml(entry)}" data-app-chunks="${escapeHtml(chunks.join(" "))}"></script>`;
  return template.replace(ENTRY_SCRIPT, () => start);
}

/**
 * Puts the per-route head into the built index.html: `<html lang>`, `<title>`, and at `<!--app-head-->`
 * the description, canonical URL, hreflang alternates and Open Graph tags.
 */
export function renderPage(
  template: string,
  input: {
    /** The route's own JavaScript files, fetched beside the entry (`modulepreload`). */
    modulePreloads?: string[];
    locale: Locale;
    path: string;
    publicUrl: string;
    head: PageHead;
    indexable: boolean;
    /** Server-rendered app HTML for `#root` and the data block that goes with it (D86). */
    body?: { html: string; state: string } | undefined;
    /** The browser's monitoring (D184): the public DSN and the environment, only when a DSN is configured. */
    monitoring?: BrowserMonitoring | undefined;
  },
): string {
  const { locale, path, publicUrl, head } = input;
  const base = publicUrl.replace(/\/$/, "");
  const urlFor = (l: Locale) => `${base}${path}?locale=${l}`;
  const tags = [
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : "",
    ...(input.body ? [] : (input.modulePreloads ?? [])).map(
      (file) => `<link rel="modulepreload" href="${escapeHtml(file)}">`,
    ),
    head.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high">`
      : "",
    ...(head.preloadFetch ?? []).map(
      (path) => `<link rel="preload" as="fetch" href="${escapeHtml(path)}" crossorigin="use-credentials">`,
    ),
    input.indexable
      ? `<link rel="canonical" href="${escapeHtml(urlFor(locale))}">`
      : `<meta name="robots" content="noindex">`,
    ...(input.indexable
      ? [
          ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(urlFor(l))}">`),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${base}${path}`)}">`,
        ]
      : []),
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME[locale])}">`,
    `<meta property="og:locale" content="${locale === "ru" ? "ru_RU" : "de_DE"}">`,
    input.indexable ? `<meta property="og:url" content="${escapeHtml(urlFor(locale))}">` : "",
    input.indexable && head.jsonLd !== undefined ? jsonLdTag(head.jsonLd) : "",
    ...(input.monitoring
      ? [
          `<meta name="monitoring-dsn" content="${escapeHtml(input.monitoring.dsn)}">`,
          `<meta name="monitoring-environment" content="${escapeHtml(input.monitoring.environment)}">`,
        ]
      : []),
  ].filter(Boolean);
  const page = input.body ? startAfterFirstPaint(template, input.modulePreloads ?? []) : template;
  return (
    page
      .replace(/<html[^>]*>/, `<html lang="${locale}">`)
      // Replacer functions: texts from the database may contain `$&` and the like.
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
      .replace("<!--app-head-->", () => tags.join("\n    "))
      .replace('<div id="root"></div>', () =>
        input.body
          ? `<div id="root" data-hydrating>${input.body.html}</div>\n    ${input.body.state}`
          : '<div id="root"></div>',
      )
  );
}
