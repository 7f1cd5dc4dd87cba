import { useSearch } from "@tanstack/react-router";

/**
 * `?child=` (D174, D192): a saved child's id, chosen on "find an offer for my child" and carried from the
 * list to the offer's page and on to its booking form, which picks that child. Anything else is dropped.
 */
export type ChildSearch = { child?: number };

export function parseChildSearch(search: Record<string, unknown>): ChildSearch {
  const child = Number(search.child);
  return Number.isSafeInteger(child) && child > 0 ? { child } : {};
}

/** The search of a link that carries the child on, or none. */
export const childSearch = (child: number | undefined): ChildSearch => (child === undefined ? {} : { child });

/** The child the current page carries (`?child=`), as the search of a link that carries it on. */
export function useCarriedChild(): ChildSearch {
  const child = useSearch({ strict: false, select: (search: Record<string, unknown>) => search.child });
  return typeof child === "number" ? childSearch(child) : {};
}
