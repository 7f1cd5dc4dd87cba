// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import russianMessages from "ra-language-russian";
import type { ReactNode } from "react";
import { AdminContext, mergeTranslations } from "react-admin";
import { describe, expect, it } from "vitest";
import { de } from "../i18n/de.ts";
import { ru } from "../i18n/ru.ts";
import { useUnitText } from "./unit-text.ts";

const unitTextIn = (locale: "de" | "ru") => {
  const i18nProvider = polyglotI18nProvider(
    () => (locale === "de" ? mergeTranslations(germanMessages, de) : mergeTranslations(russianMessages, ru)),
    locale,
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AdminContext i18nProvider={i18nProvider}>{children}</AdminContext>
  );
  return renderHook(() => useUnitText(), { wrapper }).result.current;
};

const weekly = { weekday: 1, date: null, start: "16:00:00", end: "17:30:00" };
const dated = { weekday: null, date: "2027-03-17", start: "11:00:00", end: "14:00:00" };
const week = { starts_on: "2027-07-05", ends_on: "2027-07-09" };

describe("a slot or a week as staff read it, on every screen that names one (D507)", () => {
  it("in German: the weekday's name, the day as German writes it, never an ISO date", () => {
    const text = unitTextIn("de");
    expect(text(weekly)).toBe("Dienstag, 16:00–17:30 (wöchentlich)");
    expect(text(dated)).toBe("17.03.2027, 11:00–14:00");
    expect(text(week)).toBe("05.07.2027 – 09.07.2027");
  });

  it("in Russian: the weekday's Russian name, not the German abbreviation", () => {
    const text = unitTextIn("ru");
    expect(text(weekly)).toMatch(/^[А-Яа-я]+, 16:00–17:30 \(еженедельно\)$/);
    expect(text(dated)).toBe("17 мар. 2027 г., 11:00–14:00");
  });
});
