// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import type { ReactNode } from "react";
import { AdminContext, mergeTranslations } from "react-admin";
import { describe, expect, it } from "vitest";
import { de } from "../i18n/de.ts";
import { ru } from "../i18n/ru.ts";
import { useChoiceTexts } from "./choice-texts.ts";

const textsIn = (locale: "de" | "ru") => {
  const i18nProvider = polyglotI18nProvider(
    () => mergeTranslations(germanMessages, locale === "de" ? de : ru),
    locale,
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AdminContext i18nProvider={i18nProvider}>{children}</AdminContext>
  );
  return renderHook(() => useChoiceTexts(), { wrapper }).result.current;
};

const season = {
  name: { de: "Sommerakademie 2027", ru: "Летняя академия 2027" },
  starts_on: "2027-07-05",
  ends_on: "2027-08-13",
};
const house = { name: { de: "Atelier Mitte", ru: "" }, street: "Torstraße 1" };

describe("choice lists in the staff member's language (D495)", () => {
  it("names a season with its days as German writes them, a house with its street", () => {
    const texts = textsIn("de");
    expect(texts.season(season)).toBe("Sommerakademie 2027 (05.07.2027 – 13.08.2027)");
    expect(texts.location(house)).toBe("Atelier Mitte – Torstraße 1");
  });

  it("names them in Russian, with the German name where the Russian one is missing", () => {
    const texts = textsIn("ru");
    expect(texts.season(season)).toBe("Летняя академия 2027 (05.07.2027 – 13.08.2027)");
    expect(texts.location(house)).toBe("Atelier Mitte – Torstraße 1");
    expect(texts.name({ name: { de: "Malen", ru: "Рисование" } })).toBe("Рисование");
  });
});
