import type { AgeGroup, InstructionLanguage, ProductType } from "@atelier/contract";
import type { QueryClient } from "@tanstack/react-query";

// Plain lists (not the contract's zod enums) so the search validation adds no zod to the route chunks.
export const AGE_GROUP_VALUES: readonly AgeGroup[] = ["5-7", "8-11", "10+", "12+", "14+"];
export const LANGUAGE_VALUES: readonly InstructionLanguage[] = [
  "de",
  "ru",
  "en",
  "bi",
  "de-ru",
  "de-en",
  "ru-en",
];
export const WEEKDAY_VALUES = [0, 1, 2, 3, 4, 5, 6] as const;

/** Filters of a catalogue list, kept in the URL so a filtered view can be shared. */
export type CatalogueSearch = {
  age_group?: AgeGroup | undefined;
  language?: InstructionLanguage | undefined;
  /** A category slug. */
  category?: string | undefined;
  /** A house's id (D151). */
  location?: number | undefined;
  /** 0 = Monday … 6 = Sunday. */
  weekday?: number | undefined;
  /** Narrows a page that lists several types (e.g. /special_offer with birthday parties). */
  product_type?: ProductType | undefined;
};

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * validateSearch of the catalogue routes: unknown or malformed values are dropped rather than failing the
 * page, so an old or hand-edited link still shows the list. `allowedTypes` are the types the page lists.
 */
export function parseCatalogueSearch(
  search: Record<string, unknown>,
  allowedTypes: readonly ProductType[] = [],
): CatalogueSearch {
  const result: CatalogueSearch = {};
  const ageGroup = oneOf(AGE_GROUP_VALUES, search.age_group);
  if (ageGroup) result.age_group = ageGroup;
  const language = oneOf(LANGUAGE_VALUES, search.language);
  if (language) result.language = language;
  if (typeof search.category === "string" && /^[a-z0-9-]{1,64}$/.test(search.category)) {
    result.category = search.category;
  }
  const location = typeof search.location === "string" ? Number(search.location) : search.location;
  if (typeof location === "number" && Number.isInteger(location) && location >= 1 && location < 1e9) {
    result.location = location;
  }
  const weekday = typeof search.weekday === "string" ? Number(search.weekday) : search.weekday;
  if (typeof weekday === "number" && Number.isInteger(weekday) && weekday >= 0 && weekday <= 6) {
    result.weekday = weekday;
  }
  if (allowedTypes.length > 1) {
    const type = oneOf(allowedTypes, search.product_type);
    if (type) result.product_type = type;
  }
  return result;
}

/** The API query of a list: the page's types (or the chosen one) plus the filters. */
export function productListQuery(
  types: readonly ProductType[],
  search: CatalogueSearch,
): Record<string, string | undefined> {
  return {
    product_type: search.product_type ?? types.join(","),
    age_group: search.age_group,
    language: search.language,
    category: search.category,
    location: search.location === undefined ? undefined : String(search.location),
    weekday: search.weekday === undefined ? undefined : String(search.weekday),
  };
}

export function hasFilters(search: CatalogueSearch): boolean {
  return (
    search.age_group !== undefined ||
    search.language !== undefined ||
    search.category !== undefined ||
    search.location !== undefined ||
    search.weekday !== undefined ||
    search.product_type !== undefined
  );
}

/** Age for /useAgeFilter: a whole number 1-100 (spec §5 number inputs), else undefined. */
export function parseAge(value: unknown): number | undefined {
  // Digits only: Number() also reads "1e2", "0x9" and "8." (D620).
  if (typeof value === "string" && !/^\d{1,3}$/.test(value.trim())) return undefined;
  const age = typeof value === "string" ? Number(value.trim()) : value;
  return typeof age === "number" && Number.isInteger(age) && age >= 1 && age <= 100 ? age : undefined;
}

/**
 * /useAgeFilter's search (issue 32 item 10): `age` and `child` always named, undefined when not valid. The
 * router keeps a key of the address that the route's result leaves out (its search is the address's merged
 * with the route's), so `?age=abc` reached the page as "abc" ("Angebote für NaN-Jährige", a failed load)
 * until the key was set to undefined here.
 */
export function parseAgeFilterSearch(search: Record<string, unknown>): {
  age?: number | undefined;
  child?: number | undefined;
} {
  const child = Number(search.child);
  return { age: parseAge(search.age), child: Number.isSafeInteger(child) && child > 0 ? child : undefined };
}

/** Only the filter fields of a route's search (the root's `locale` is kept by the root route). */
export function catalogueDeps(search: CatalogueSearch): CatalogueSearch {
  return {
    age_group: search.age_group,
    language: search.language,
    category: search.category,
    location: search.location,
    weekday: search.weekday,
    product_type: search.product_type,
  };
}

/**
 * Search validation and loader shared by every catalogue list route; a route adds only its component.
 * The loader's code is imported on demand so the query code stays out of the first bundle.
 */
export function catalogueRouteOptions(types: readonly ProductType[]) {
  return {
    validateSearch: (search: Record<string, unknown>) => parseCatalogueSearch(search, types),
    loaderDeps: ({ search }: { search: CatalogueSearch }) => catalogueDeps(search),
    loader: async ({ context, deps }: { context: { queryClient: QueryClient }; deps: CatalogueSearch }) =>
      (await import("./route-helpers.ts")).prefetchCatalogue(context.queryClient, types, deps),
  };
}
