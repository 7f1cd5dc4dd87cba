import type { SearchSchemaInput } from "@tanstack/react-router";

/** Spec §2: `?tab=` picks the profile tab; visitors is labelled "children", sales "history". */
export const PROFILE_TABS = ["visitors", "workshops", "sales"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** How a payment the parent just left ended, when a gateway returns to the profile. */
export type PaymentOutcome = "success" | "fail";
export type ProfileSearch = { tab: ProfileTab; payment?: PaymentOutcome };

/**
 * The existing client's return addresses (api-shapes: `/profile?tab=sales-success` after PayPal's
 * approval, `tab=sales-fail` after a cancel) and our autopay's returns (Stripe, PayPal) name the history
 * tab with how the payment ended: the history tab, with the outcome said above it.
 */
const RETURN_TABS: Record<string, PaymentOutcome> = { "sales-success": "success", "sales-fail": "fail" };

const isProfileTab = (value: unknown): value is ProfileTab => PROFILE_TABS.includes(value as ProfileTab);
const isOutcome = (value: unknown): value is PaymentOutcome => value === "success" || value === "fail";

/**
 * The profile route's validateSearch. A plain function rather than a zod schema: search validators live
 * in the always-loaded route tree, and zod's core alone would cost the home page ~20 KB gzipped.
 * `SearchSchemaInput` tells the router that links may leave `tab` out.
 */
export function parseProfileSearch(
  search: {
    tab?: ProfileTab | "sales-success" | "sales-fail" | undefined;
    payment?: PaymentOutcome;
  } & SearchSchemaInput,
): ProfileSearch {
  const returned = typeof search.tab === "string" ? RETURN_TABS[search.tab] : undefined;
  if (returned) return { tab: "sales", payment: returned };
  const tab = isProfileTab(search.tab) ? search.tab : "visitors";
  return tab === "sales" && isOutcome(search.payment) ? { tab, payment: search.payment } : { tab };
}
