/**
 * Every page route of spec §2 plus `/birthday-parties` (decision D31), shared by the SPA (route tree) and the server
 * (which answers 200 for these and 404 for anything else, with a title per locale).
 */
export const PAGE_ROUTES = [
  { path: "/", key: "home" },
  { path: "/about-us", key: "aboutUs" },
  { path: "/academies", key: "academies" },
  { path: "/birthday-parties", key: "birthdayParties" },
  { path: "/cart", key: "cart" },
  // § 312k BGB: the cancellation page, reachable without signing in (D73).
  { path: "/vertraege-kuendigen", key: "cancelContracts" },
  { path: "/contacts", key: "contacts" },
  { path: "/courses", key: "courses" },
  { path: "/detailView", key: "detailView" },
  { path: "/events", key: "events" },
  { path: "/giftcards", key: "giftcards" },
  { path: "/instructor/$id", key: "instructor" },
  { path: "/instructors", key: "instructors" },
  { path: "/legal", key: "legal" },
  { path: "/legal/privacy", key: "privacy" },
  { path: "/legal/terms", key: "terms" },
  { path: "/legals/indexPop", key: "legalsIndexPop" },
  { path: "/login", key: "login" },
  { path: "/menu", key: "menu" },
  { path: "/payment-complete/$id", key: "paymentComplete" },
  { path: "/prices", key: "prices" },
  { path: "/product/$id", key: "product" },
  { path: "/product/buy/$id", key: "productBuy" },
  { path: "/profile", key: "profile" },
  { path: "/QrCodeScanner", key: "qrCodeScanner" },
  { path: "/school_offer", key: "schoolOffer" },
  { path: "/special_offer", key: "specialOffer" },
  { path: "/useAgeFilter", key: "useAgeFilter" },
  { path: "/workshops", key: "workshops" },
  // The link of a waiting-list offer mail (D79).
  { path: "/waiting-list/offer/$id", key: "waitingListOffer" },
  // The link of a payment-link mail (D157), the reminder's absence link (D371), the instructor's page (D382).
  { path: "/pay/$token", key: "payLink" },
  { path: "/absence/$token", key: "absence" },
  { path: "/teaching", key: "teaching" },
] as const;

export type PageKey = (typeof PAGE_ROUTES)[number]["key"];

/** Built-in redirect table (spec §2 navigation rule 3): the footer's /school-offers is the same page as /school_offer. */
export const REDIRECTS: Record<string, string> = {
  "/school-offers": "/school_offer",
};

const ROUTE_MATCHERS = PAGE_ROUTES.map((route) => ({
  key: route.key,
  pattern: new RegExp(`^${route.path.replace(/\$[a-z]+/gi, "[^/]+")}/?$`),
}));

const ROUTE_MATCHERS_ANY_CASE = ROUTE_MATCHERS.map((m) => ({
  key: m.key,
  pattern: new RegExp(m.pattern.source, "i"),
}));

/**
 * The page a path would belong to if letters' case did not count (`/PROFILE`, `/qrcodescanner`): the pages
 * themselves are matched as written, but nothing else may take an address that differs from a page only in
 * case (D203).
 */
export function matchPageRouteAnyCase(pathname: string): PageKey | undefined {
  const path = pathname === "/" ? "/" : pathname.replace(/\/$/, "");
  if (path === "/") return "home";
  return ROUTE_MATCHERS_ANY_CASE.find((m) => m.key !== "home" && m.pattern.test(path))?.key;
}

/** The page a path belongs to, or undefined when the shop has no such page. */
export function matchPageRoute(pathname: string): PageKey | undefined {
  const path = pathname === "/" ? "/" : pathname.replace(/\/$/, "");
  if (path === "/") return "home";
  return ROUTE_MATCHERS.find((m) => m.key !== "home" && m.pattern.test(path))?.key;
}

/** Titles used in `<title>` by the server and the SPA. */
export const PAGE_TITLES: Record<PageKey, { de: string; ru: string }> = {
  home: { de: "Kunst- und Sprachschule Berlin", ru: "Школа искусств и языков в Берлине" },
  aboutUs: { de: "Über uns", ru: "О нас" },
  academies: { de: "Akademien", ru: "Академии" },
  birthdayParties: { de: "Kindergeburtstage", ru: "Дни рождения" },
  cancelContracts: { de: "Verträge hier kündigen", ru: "Расторгнуть договоры здесь" },
  cart: { de: "Warenkorb", ru: "Корзина" },
  contacts: { de: "Kontakt", ru: "Контакты" },
  courses: { de: "Kurse", ru: "Курсы" },
  detailView: { de: "Details", ru: "Подробности" },
  events: { de: "Veranstaltungen", ru: "Мероприятия" },
  giftcards: { de: "Gutscheine", ru: "Подарочные сертификаты" },
  instructor: { de: "Lehrkraft", ru: "Преподаватель" },
  instructors: { de: "Unser Team", ru: "Наша команда" },
  legal: { de: "Impressum", ru: "Выходные данные (Impressum)" },
  privacy: { de: "Datenschutz", ru: "Конфиденциальность" },
  terms: { de: "AGB", ru: "Условия" },
  legalsIndexPop: { de: "Rechtliche Hinweise", ru: "Правовые документы" },
  login: { de: "Anmelden", ru: "Вход" },
  menu: { de: "Menü", ru: "Меню" },
  paymentComplete: { de: "Zahlungsstatus", ru: "Статус оплаты" },
  prices: { de: "Preise", ru: "Цены" },
  product: { de: "Angebot", ru: "Предложение" },
  productBuy: { de: "Buchen", ru: "Бронирование" },
  profile: { de: "Profil", ru: "Профиль" },
  qrCodeScanner: { de: "QR-Code-Scanner", ru: "Сканер QR-кодов" },
  schoolOffer: { de: "Angebote für Schulen", ru: "Предложения для школ" },
  specialOffer: { de: "Sonderangebote", ru: "Специальные предложения" },
  waitingListOffer: { de: "Ein Platz für Sie", ru: "Место для вас" },
  payLink: { de: "Bestellung bezahlen", ru: "Оплата заказа" },
  absence: { de: "Abwesenheit melden", ru: "Сообщить об отсутствии" },
  teaching: { de: "Meine Stunden", ru: "Мои занятия" },
  useAgeFilter: { de: "Angebote nach Alter", ru: "Предложения по возрасту" },
  workshops: { de: "Workshops", ru: "Мастер-классы" },
};

/**
 * The profile's tabs as the profile shows them; mails that point a parent to a tab name it with these words,
 * so the mail and the page never disagree (issue 24).
 */
export const PROFILE_TAB_TITLES = {
  visitors: { de: "Kinder", ru: "Дети" },
  workshops: { de: "Workshops", ru: "Мастер-классы" },
  sales: { de: "Verlauf", ru: "История" },
} as const;

export const SITE_NAME = {
  de: "Atelier – Kunst- und Sprachschule",
  ru: "«Ателье» – школа искусств и языков",
};

/** Meta descriptions of pages whose text does not come from a content page or a product. */
export const PAGE_DESCRIPTIONS: Partial<Record<PageKey, { de: string; ru: string }>> = {
  courses: {
    de: "Wöchentliche Kurse für Kinder und Jugendliche in Berlin: Malen, Zeichnen, Keramik, Comics, Sprachen, Musik, Schach und mehr.",
    ru: "Еженедельные курсы для детей и подростков в Берлине: живопись, рисунок, керамика, комиксы, языки, музыка, шахматы и другое.",
  },
  academies: {
    de: "Ferienakademien in den Berliner Oster- und Sommerferien: halbtags oder ganztags, Woche für Woche buchbar.",
    ru: "Каникулярные академии на пасхальных и летних каникулах в Берлине: полдня или весь день, с понедельной записью.",
  },
  workshops: {
    de: "Workshops an einzelnen Terminen: ausprobieren, gestalten, mitnehmen – für Kinder, Jugendliche und Familien.",
    ru: "Мастер-классы в отдельные даты: попробовать, создать, забрать с собой – для детей, подростков и семей.",
  },
  events: {
    de: "Veranstaltungen der Kunst- und Sprachschule Atelier in Berlin: Ausstellungen, Lesungen, Konzerte und Familienfeste.",
    ru: "Мероприятия школы искусств и языков «Ателье» в Берлине: выставки, чтения, концерты и семейные праздники.",
  },
  giftcards: {
    de: "Gutscheine für Kurse, Workshops und Akademien der Atelier Kunst- und Sprachschule – online kaufen und verschenken.",
    ru: "Подарочные сертификаты на курсы, мастер-классы и академии школы «Ателье» – купить онлайн и подарить.",
  },
  instructors: {
    de: "Unser Team: Künstlerinnen, Pädagogen und Muttersprachler, die in Berlin mit Kindern malen, spielen und lernen.",
    ru: "Наша команда: художники, педагоги и носители языка, которые рисуют, играют и учатся с детьми в Берлине.",
  },
  waitingListOffer: {
    de: "Ein Platz von der Warteliste: buchen Sie ihn, solange das Angebot gilt.",
    ru: "Место из листа ожидания: забронируйте его, пока действует предложение.",
  },
  useAgeFilter: {
    de: "Das passende Angebot für Ihr Kind: Alter eingeben und Kurse, Akademien und Workshops in Berlin finden.",
    ru: "Подходящее предложение для вашего ребёнка: укажите возраст и найдите курсы, академии и мастер-классы в Берлине.",
  },
  detailView: {
    de: "Angebot im Überblick: Termine, Preise und Lehrkräfte der Atelier Kunst- und Sprachschule Berlin.",
    ru: "Предложение вкратце: расписание, цены и преподаватели школы «Ателье» в Берлине.",
  },
  birthdayParties: {
    de: "Kindergeburtstag in Berlin feiern: Mal-, Töpfer- und Forscherpartys für Kinder im Atelier, mit Betreuung und Material.",
    ru: "День рождения ребёнка в Берлине: праздники с рисованием, лепкой и опытами в студии «Ателье», с ведущим и материалами.",
  },
  legalsIndexPop: {
    de: "Rechtliche Hinweise der Atelier Kunst- und Sprachschule: Impressum, Datenschutz, AGB und Cookie-Richtlinie.",
    ru: "Правовая информация школы «Ателье»: выходные данные, конфиденциальность, условия и политика cookie.",
  },
};
