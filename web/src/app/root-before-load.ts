import type { Locale } from "@atelier/contract";
import { type ParsedLocation, redirect } from "@tanstack/react-router";
import { handleSsoCallback, searchWithoutSsoParams, ssoCallbackFromSearchStr } from "../features/auth/sso.ts";
import { applyLocale } from "../features/locale/apply-locale.ts";
import { currentLocale } from "../i18n/i18n.ts";
import { navigationRedirect } from "./navigation-rules.ts";

/** Spec §2 "navigation rules, run on every navigation", in the root route's beforeLoad. */
export function runNavigationRules(input: {
  location: ParsedLocation;
  search: { locale?: Locale | undefined };
  preload: boolean;
}) {
  // Preloading a link must not switch the language or start a sign-in.
  if (input.preload) return;
  const { location, search } = input;

  // Rule 1 (single sign-on callback): start the sign-in, then drop the single-use code from the URL
  // (same path, other params and the locale kept).
  const sso = ssoCallbackFromSearchStr(location.searchStr);
  if (sso) {
    handleSsoCallback(sso);
    const cleaned = { ...location, searchStr: searchWithoutSsoParams(location.searchStr) };
    const href =
      navigationRedirect(cleaned, currentLocale()) ??
      `${location.pathname}${cleaned.searchStr}${location.hash ? `#${location.hash}` : ""}`;
    throw redirect({ href, replace: true });
  }

  // Spec §4: the locale in the query wins over the cookie and updates it.
  if (search.locale) applyLocale(search.locale);

  // Rules 2 and 3: a locale in every query; the redirect table.
  const href = navigationRedirect(
    { pathname: location.pathname, searchStr: location.searchStr, hash: location.hash },
    currentLocale(),
  );
  if (href) throw redirect({ href, replace: true });
}
