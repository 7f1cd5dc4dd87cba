import { type Locale, matchPageRoute, PAGE_TITLES, SITE_NAME } from "@atelier/contract";

export type PageLayout = {
  /** Light grey page background (spec §2: menu and prices). */
  greyPage: boolean;
  /** Footer hidden on the menu page. */
  showFooter: boolean;
  /** Footer background white on prices and cart, light grey elsewhere. */
  whiteFooter: boolean;
  /** White backdrop strip above the footer on cart, profile and instructors. */
  whiteStrip: boolean;
};

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname);

export function pageLayout(pathname: string): PageLayout {
  const path = normalise(pathname);
  return {
    greyPage: path === "/menu" || path === "/prices",
    showFooter: path !== "/menu",
    whiteFooter: path === "/prices" || path === "/cart",
    whiteStrip: path === "/cart" || path === "/profile" || path === "/instructors",
  };
}

/** The document title, in the same form as the server renders it (server/src/spa/render-page.ts). */
export function pageTitle(pathname: string, locale: Locale): string {
  const key = matchPageRoute(normalise(pathname));
  const site = SITE_NAME[locale];
  if (!key) return `${locale === "ru" ? "Страница не найдена" : "Seite nicht gefunden"} – ${site}`;
  if (key === "home") return site;
  return `${PAGE_TITLES[key][locale]} – ${site}`;
}
