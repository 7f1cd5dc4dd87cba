// Business constants of spec §9, one place for web and server.
export const NAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;
export const TEXT_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const PHONE_MAX_LENGTH = 25;
export const NUMBER_INPUT_MIN = 1;
export const NUMBER_INPUT_MAX = 100;
export const CURRENCY = "EUR";
export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;
export const ERROR_DISPLAY_MS = { signIn: 2000, reset: 2000, signUp: 5000 } as const;
export const DIALOG_RESET_MS = 500;
export const COOKIE_ACCEPT_ALL_CLOSE_MS = 100;
export const PHONE_TYPE_TO_FIND_RESET_MS = 700;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const ROUTE_PRELOAD_CONCURRENCY = 4;
export const MAX_PAGE_WIDTH_PX = 1520;
export const MONITORING_SAMPLE_RATES = { traces: 0.2, replaysSession: 1, replaysOnError: 1 } as const;
export const PREFERRED_PHONE_COUNTRIES = ["us", "gb", "de", "fr", "in"] as const;
export const DEFAULT_PHONE_COUNTRY = "de";

/** The cookie policy linked from the cookie modal (spec §2); German is the binding version. */
export const COOKIE_POLICY_PDF = { de: "/docs/cookies.pdf", ru: "/docs/cookies.ru.pdf" } as const;

/**
 * Cookie that mirrors a closed cookie modal (`is-closed-cookie` in local storage stays the truth): it tells
 * the server renderer whether a page's HTML carries the modal (D86).
 */
export const COOKIE_MODAL_CLOSED_COOKIE = "cookie-modal-closed";

/** Local storage keys of spec §3. */
export const STORAGE_KEYS = {
  token: "odev-token",
  user: "user",
  visitors: "visitors",
  cartId: "cart-id",
  cookieClosed: "is-closed-cookie",
  signUpDraft: "signUpCredentials",
} as const;

const mapSearch = (address: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/**
 * The houses the school opened with (D65): the seed's rows of `locations` and its offer addresses. The shop
 * shows the houses staff keep in that table (D151, D177), not this list. An offer stores the address where
 * it takes place; an event elsewhere names its venue.
 */
export const SCHOOL_LOCATIONS = [
  {
    key: "prenzlauer-berg",
    name: { de: "Atelier Prenzlauer Berg", ru: "«Ателье» в Пренцлауэр-Берге" },
    street: "Kastanienallee 12",
    city: "10435 Berlin",
    transit: { de: "U2 Eberswalder Straße, Tram M1 und 12", ru: "U2 Eberswalder Straße, трамваи M1 и 12" },
    phone: { display: "+49 30 1234567", tel: "+49301234567" },
    mapUrl: mapSearch("Kastanienallee 12, 10435 Berlin"),
  },
  {
    key: "charlottenburg",
    name: { de: "Atelier Charlottenburg", ru: "«Ателье» в Шарлоттенбурге" },
    street: "Wilmersdorfer Straße 85",
    city: "10629 Berlin",
    transit: {
      de: "U7 Wilmersdorfer Straße, S-Bahn Charlottenburg",
      ru: "U7 Wilmersdorfer Straße, S-Bahn Charlottenburg",
    },
    phone: { display: "+49 30 7654321", tel: "+49307654321" },
    mapUrl: mapSearch("Wilmersdorfer Straße 85, 10629 Berlin"),
  },
] as const;

export type SchoolLocation = (typeof SCHOOL_LOCATIONS)[number];

/** One line: "Kastanienallee 12, 10435 Berlin". */
export const locationAddress = (location: { street: string; city: string }) =>
  `${location.street}, ${location.city}`;

/** The school's general numbers and e-mail in the contact block (beside the houses staff keep, D177). */
export const SCHOOL_CONTACT = {
  address: locationAddress(SCHOOL_LOCATIONS[0]),
  mapUrl: SCHOOL_LOCATIONS[0].mapUrl,
  phones: [
    { key: "phoneOffice", display: "+49 30 1234567", tel: "+49301234567" },
    { key: "phoneMobile", display: "+49 176 12345678", tel: "+4917612345678" },
  ],
  email: "info@atelier-berlin.example",
} as const;
