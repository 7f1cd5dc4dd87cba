import { type Locale, SITE_NAME } from "@atelier/contract";
import { useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { useLocale } from "../i18n/use-locale.ts";

// A page that knows a better title than its route's (a product's name) registers it here; the root layout,
// whose effect runs after its children's, keeps it instead of writing the generic route title.
const titles = new Map<string, string>();

export function pageTitleOverride(pathname: string): string | undefined {
  return titles.get(pathname);
}

export function composeTitle(name: string, locale: Locale): string {
  return `${name} – ${SITE_NAME[locale]}`;
}

/** Sets `document.title` to `name – site` while the current page shows `name`. */
export function usePageTitle(name: string | undefined) {
  const locale = useLocale();
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    if (!name) return;
    const title = composeTitle(name, locale);
    titles.set(pathname, title);
    document.title = title;
    return () => {
      titles.delete(pathname);
    };
  }, [pathname, name, locale]);
}
