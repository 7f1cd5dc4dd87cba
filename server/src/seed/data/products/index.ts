import type { ProductSeed } from "../types.ts";
import { ACADEMIES } from "./academies.ts";
import { BIRTHDAY_PARTIES } from "./birthday-parties.ts";
import { COURSES } from "./courses.ts";
import { EVENTS } from "./events.ts";
import { GIFT_CARDS } from "./gift-cards.ts";
import { SCHOOL_OFFERS, SPECIAL_OFFERS } from "./offers.ts";
import { WORKSHOPS } from "./workshops.ts";

/** Every product page of the demo catalogue, in the order the shop lists them. */
export const PRODUCTS: ProductSeed[] = [
  ...COURSES,
  ...ACADEMIES,
  ...WORKSHOPS,
  ...EVENTS,
  ...BIRTHDAY_PARTIES,
  ...GIFT_CARDS,
  ...SCHOOL_OFFERS,
  ...SPECIAL_OFFERS,
];
