import type { LocalizedText } from "@atelier/contract";
import type { ImageRef } from "../../db/index.ts";
import { l } from "./types.ts";

/**
 * Shared pictures of students' works, reused by several product pages: clip art for the demo, each
 * marked `demo` (decision D66) so the school's real photos are told apart from them.
 */
const WORKS = {
  sunflowers: l("Sonnenblumen in Gouache, gemalt von Mia (7)", "Подсолнухи гуашью, рисовала Мия (7 лет)"),
  "city-night": l(
    "Berlin bei Nacht, Acryl auf Leinwand, Leon (11)",
    "Ночной Берлин, акрил на холсте, Леон (11 лет)",
  ),
  "still-life": l(
    "Stillleben mit Krug, Bleistift, Sofia (14)",
    "Натюрморт с кувшином, карандаш, София (14 лет)",
  ),
  "ceramic-bowl": l("Glasierte Schale mit Wellenmuster", "Глазурованная чаша с волнистым узором"),
  "ceramic-animals": l(
    "Tierfiguren aus Ton, Gruppe 8–11 Jahre",
    "Фигурки животных из глины, группа 8–11 лет",
  ),
  "comic-page": l(
    "Comicseite „Der Kater vom Mauerpark“, Paul (12)",
    "Страница комикса «Кот из Мауэрпарка», Пауль (12 лет)",
  ),
  robot: l("Selbst gebauter Roboter mit Abstandssensor", "Самодельный робот с датчиком расстояния"),
  "stage-masks": l("Masken für die Theateraufführung", "Маски для театральной постановки"),
} satisfies Record<string, LocalizedText>;

export type StudentWorkKey = keyof typeof WORKS;

export const studentWorkImage = (key: string): ImageRef => {
  const alt = (WORKS as Record<string, LocalizedText>)[key];
  if (!alt) throw new Error(`Unknown student work: ${key}`);
  return { src: `/images/catalogue/works/${key}.svg`, width: 800, height: 800, alt, demo: true };
};
