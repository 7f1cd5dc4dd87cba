import type { SearchSchemaInput } from "@tanstack/react-router";

/** Spec §2: `?tab=` picks the profile tab; visitors is labelled "children", sales "history". */
export const PROFILE_TABS = ["visitors", "workshops", "sales"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export type ProfileSearch = { tab: ProfileTab };

const isProfileTab = (value: unknown): value is ProfileTab => PROFILE_TABS.includes(value as ProfileTab);

/**
 * The profile route's validateSearch. A plain function rather than a zod schema: search validators live
 * in the always-loaded route tree, and zod's core alone would cost the home page ~20 KB gzipped.
 * `SearchSchemaInput` tells the router that links may leave `tab` out.
 */
export function parseProfileSearch(
  search: { tab?: ProfileTab | undefined } & SearchSchemaInput,
): ProfileSearch {
  return { tab: isProfileTab(search.tab) ? search.tab : "visitors" };
}
