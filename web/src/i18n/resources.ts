import type deAccount from "../locales/de/account.json";
import type deAuth from "../locales/de/auth.json";
import type deCart from "../locales/de/cart.json";
import type deCatalogue from "../locales/de/catalogue.json";
import type deCheckin from "../locales/de/checkin.json";
import type deCheckout from "../locales/de/checkout.json";
import deCommon from "../locales/de/common.json";
import type deContact from "../locales/de/contact.json";
import type deContent from "../locales/de/content.json";
import type deContracts from "../locales/de/contracts.json";
import deCookies from "../locales/de/cookies.json";
import deErrors from "../locales/de/errors.json";
import deFooter from "../locales/de/footer.json";
import type deHistory from "../locales/de/history.json";
import deHome from "../locales/de/home.json";
import type deLessons from "../locales/de/lessons.json";
import deMenu from "../locales/de/menu.json";
import dePages from "../locales/de/pages.json";
import type dePhoneInput from "../locales/de/phoneInput.json";
import deProfile from "../locales/de/profile.json";
import type deTeaching from "../locales/de/teaching.json";
import deUpdates from "../locales/de/updates.json";
import type deVisitors from "../locales/de/visitors.json";
import type deVisitRequests from "../locales/de/visitRequests.json";
import type deWaitingList from "../locales/de/waitingList.json";
import type deWithdrawal from "../locales/de/withdrawal.json";
import type ruAccount from "../locales/ru/account.json";
import type ruAuth from "../locales/ru/auth.json";
import type ruCart from "../locales/ru/cart.json";
import type ruCatalogue from "../locales/ru/catalogue.json";
import type ruCheckin from "../locales/ru/checkin.json";
import type ruCheckout from "../locales/ru/checkout.json";
import ruCommon from "../locales/ru/common.json";
import type ruContact from "../locales/ru/contact.json";
import type ruContent from "../locales/ru/content.json";
import type ruContracts from "../locales/ru/contracts.json";
import ruCookies from "../locales/ru/cookies.json";
import ruErrors from "../locales/ru/errors.json";
import ruFooter from "../locales/ru/footer.json";
import type ruHistory from "../locales/ru/history.json";
import ruHome from "../locales/ru/home.json";
import type ruLessons from "../locales/ru/lessons.json";
import ruMenu from "../locales/ru/menu.json";
import ruPages from "../locales/ru/pages.json";
import type ruPhoneInput from "../locales/ru/phoneInput.json";
import ruProfile from "../locales/ru/profile.json";
import type ruTeaching from "../locales/ru/teaching.json";
import ruUpdates from "../locales/ru/updates.json";
import type ruVisitors from "../locales/ru/visitors.json";
import type ruVisitRequests from "../locales/ru/visitRequests.json";
import type ruWaitingList from "../locales/ru/waitingList.json";
import type ruWithdrawal from "../locales/ru/withdrawal.json";

// Bundled statically: all texts together are a few KB, and a page must never wait for its words.
// catalogue, contact and content are typed here but filled by their features' route chunks
// (features/<area>/i18n.ts, run before the chunk renders) to keep them out of the home page's JS.
// So are account, auth, cart, checkin, checkout, contracts, history, visitRequests (with the product page's request dialog), visitors, waitingList and withdrawal, which load with the sign-in dialog, the profile menu and /profile, teaching with /teaching (the instructor's phone, D384), lessons with /absence and the profile (issue 35), and phoneInput (components/phone-input), which loads with a form's phone field.
export const resources = {
  de: {
    account: {} as typeof deAccount,
    auth: {} as typeof deAuth,
    cart: {} as typeof deCart,
    catalogue: {} as typeof deCatalogue,
    checkin: {} as typeof deCheckin,
    checkout: {} as typeof deCheckout,
    common: deCommon,
    contact: {} as typeof deContact,
    content: {} as typeof deContent,
    contracts: {} as typeof deContracts,
    cookies: deCookies,
    errors: deErrors,
    footer: deFooter,
    history: {} as typeof deHistory,
    home: deHome,
    menu: deMenu,
    pages: dePages,
    phoneInput: {} as typeof dePhoneInput,
    profile: deProfile,
    lessons: {} as typeof deLessons,
    teaching: {} as typeof deTeaching,
    updates: deUpdates,
    visitRequests: {} as typeof deVisitRequests,
    visitors: {} as typeof deVisitors,
    waitingList: {} as typeof deWaitingList,
    withdrawal: {} as typeof deWithdrawal,
  },
  ru: {
    account: {} as typeof ruAccount,
    auth: {} as typeof ruAuth,
    cart: {} as typeof ruCart,
    catalogue: {} as typeof ruCatalogue,
    checkin: {} as typeof ruCheckin,
    checkout: {} as typeof ruCheckout,
    common: ruCommon,
    contact: {} as typeof ruContact,
    content: {} as typeof ruContent,
    contracts: {} as typeof ruContracts,
    cookies: ruCookies,
    errors: ruErrors,
    footer: ruFooter,
    history: {} as typeof ruHistory,
    home: ruHome,
    menu: ruMenu,
    pages: ruPages,
    phoneInput: {} as typeof ruPhoneInput,
    profile: ruProfile,
    lessons: {} as typeof ruLessons,
    teaching: {} as typeof ruTeaching,
    updates: ruUpdates,
    visitRequests: {} as typeof ruVisitRequests,
    visitors: {} as typeof ruVisitors,
    waitingList: {} as typeof ruWaitingList,
    withdrawal: {} as typeof ruWithdrawal,
  },
} as const;

export const NAMESPACES = Object.keys(resources.de) as (keyof typeof resources.de)[];
