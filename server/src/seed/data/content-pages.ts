import { LEGAL_PAGE } from "./content/legal.ts";
import { PRIVACY_PAGE } from "./content/privacy.ts";
import {
  ABOUT_PAGE,
  CONTACTS_PAGE,
  HOME_PAGE,
  PRICES_PAGE,
  SCHOOL_OFFERS_PAGE,
  SPECIAL_OFFERS_PAGE,
} from "./content/site-pages.ts";
import { TERMS_PAGE } from "./content/terms.ts";
import type { ContentPageSeed } from "./types.ts";

export const CONTENT_PAGES: ContentPageSeed[] = [
  HOME_PAGE,
  ABOUT_PAGE,
  PRICES_PAGE,
  CONTACTS_PAGE,
  LEGAL_PAGE,
  PRIVACY_PAGE,
  TERMS_PAGE,
  SCHOOL_OFFERS_PAGE,
  SPECIAL_OFFERS_PAGE,
];
