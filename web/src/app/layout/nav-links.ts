import type { Locale, PageKey } from "@atelier/contract";

export type NavLink = { key: PageKey; to: string };

const ACADEMIES: NavLink = { key: "academies", to: "/academies" };
const COURSES: NavLink = { key: "courses", to: "/courses" };
const REST: NavLink[] = [
  { key: "workshops", to: "/workshops" },
  { key: "events", to: "/events" },
  { key: "birthdayParties", to: "/birthday-parties" },
  { key: "giftcards", to: "/giftcards" },
  { key: "prices", to: "/prices" },
  { key: "contacts", to: "/contacts" },
];

/** Header and menu sections; spec §2: for ru, courses comes first, otherwise academies. */
export function navLinks(locale: Locale): NavLink[] {
  return locale === "ru" ? [COURSES, ACADEMIES, ...REST] : [ACADEMIES, COURSES, ...REST];
}
