import deCommon from "../locales/de/common.json";
import deCookies from "../locales/de/cookies.json";
import deErrors from "../locales/de/errors.json";
import deFooter from "../locales/de/footer.json";
import deHome from "../locales/de/home.json";
import deMenu from "../locales/de/menu.json";
import dePages from "../locales/de/pages.json";
import deProfile from "../locales/de/profile.json";
import deUpdates from "../locales/de/updates.json";
import ruCommon from "../locales/ru/common.json";
import ruCookies from "../locales/ru/cookies.json";
import ruErrors from "../locales/ru/errors.json";
import ruFooter from "../locales/ru/footer.json";
import ruHome from "../locales/ru/home.json";
import ruMenu from "../locales/ru/menu.json";
import ruPages from "../locales/ru/pages.json";
import ruProfile from "../locales/ru/profile.json";
import ruUpdates from "../locales/ru/updates.json";

// Bundled statically: all texts together are a few KB, and a page must never wait for its words.
export const resources = {
  de: {
    common: deCommon,
    cookies: deCookies,
    errors: deErrors,
    footer: deFooter,
    home: deHome,
    menu: deMenu,
    pages: dePages,
    profile: deProfile,
    updates: deUpdates,
  },
  ru: {
    common: ruCommon,
    cookies: ruCookies,
    errors: ruErrors,
    footer: ruFooter,
    home: ruHome,
    menu: ruMenu,
    pages: ruPages,
    profile: ruProfile,
    updates: ruUpdates,
  },
} as const;

export const NAMESPACES = Object.keys(resources.de) as (keyof typeof resources.de)[];
