import { type CategorySeed, l } from "./types.ts";

/** Subjects of the school, in the order the shop lists them. */
export const CATEGORIES: CategorySeed[] = [
  { slug: "malerei", name: l("Malerei", "Живопись") },
  { slug: "zeichnen", name: l("Zeichnen", "Рисунок") },
  { slug: "keramik", name: l("Keramik", "Керамика") },
  { slug: "comics", name: l("Comics & Illustration", "Комиксы и иллюстрация") },
  { slug: "sprachen", name: l("Sprachen", "Языки") },
  { slug: "musik", name: l("Musik", "Музыка") },
  { slug: "schach", name: l("Schach", "Шахматы") },
  { slug: "theater", name: l("Theater", "Театр") },
  { slug: "robotik", name: l("Robotik & Programmieren", "Робототехника и программирование") },
  { slug: "geschenke", name: l("Geschenke & Feiern", "Подарки и праздники") },
];
