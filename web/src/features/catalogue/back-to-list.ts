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
 * which the browser keeps across reloads) when that is one of our lists, else the type's unfiltered list.
 */
export function backToListHref(fromState: unknown, fallback: string): string {
  if (typeof fromState !== "string" || !fromState.startsWith("/") || fromState.startsWith("//")) {
    return fallback;
  }
  const pathname = new URL(fromState, "http://x.invalid").pathname;
  return LIST_PATHS.has(pathname) ? fromState : fallback;
}
