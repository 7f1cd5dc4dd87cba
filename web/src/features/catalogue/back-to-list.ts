import type { Locale } from "@atelier/contract";
import { LIST_PATH_OF_TYPE } from "./type-routes.ts";

declare module "@tanstack/history" {
  interface HistoryState {
    /** The list (path and search, filters included) a product was opened from: its "back" link goes there. */
    catalogueList?: string;
  }
}

/** Pages that list offers as cards. */
const LIST_PATHS: ReadonlySet<string> = new Set([...Object.values(LIST_PATH_OF_TYPE), "/useAgeFilter", "/"]);

/**
 * The list a product page's "back" link returns to: the filtered list it was opened from (history state,
 * which the browser keeps across reloads) when that is one of our lists, else the type's unfiltered list;
 * in the page's language (`?locale=`), as every other link of the shop keeps it. Without it, a link opened
 * in a new tab or by a browser without the language cookie could show a Russian parent the German list.
 */
export function backToListHref(fromState: unknown, fallback: string, locale: Locale): string {
  const list = isOurList(fromState) ? fromState : fallback;
  const url = new URL(list, "http://x.invalid");
  url.searchParams.set("locale", locale);
  return `${url.pathname}${url.search}${url.hash}`;
}

function isOurList(fromState: unknown): fromState is string {
  if (typeof fromState !== "string" || !fromState.startsWith("/") || fromState.startsWith("//")) return false;
  return LIST_PATHS.has(new URL(fromState, "http://x.invalid").pathname);
}
