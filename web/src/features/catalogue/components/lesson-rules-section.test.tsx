// @vitest-environment jsdom
import type { ProductDetail } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { LessonSeasonSections } from "./lesson-rules-section.tsx";

/** The page's coming cancelled dates as the lessons API answers them; the asked URL is kept. */
let asked: string[] = [];
function cancellationsAre(list: unknown[]) {
  asked = [];
  setApiTransport(async (input) => {
    asked.push(String(input));
    return new Response(JSON.stringify(list), { headers: { "content-type": "application/json" } });
  });
}
afterEach(() => setApiTransport((input, init) => fetch(input, init)));

const rules = {
  makeup_allowed: true,
  absence_cutoff_minutes: 120,
  credit_valid_days: 56,
  credits_per_month: 2,
  cancelled_lesson_outcome: "credit" as const,
  what_to_bring: { de: "Malkittel", ru: "Фартук" },
};
const course = (over: Partial<ProductDetail> = {}) =>
  ({
    id: 7,
    product_type: "Course",
    schedule_slots: [{ id: 41 }],
    lesson_rules: rules,
    ...over,
  }) as unknown as ProductDetail;

function renderSections(product: ProductDetail, locale: "de" | "ru") {
  renderInLocale(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LessonSeasonSections product={product} />
    </QueryClientProvider>,
    locale,
  );
}

const cancelled = { date: "2026-12-01", slot: 41, start: "16:00", end: "17:00" };

describe("the product page says its lesson rules and cancelled dates (issue 35, D391)", () => {
  it("in German: cut-off, makeups with limit and validity, a cancelled lesson's credit, what to bring", async () => {
    cancellationsAre([{ ...cancelled, reason: "Die Lehrerin ist krank." }]);
    renderSections(course(), "de");
    const items = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual([
      "Ist Ihr Kind krank, melden Sie es bis 2 Stunden vor Beginn ab: im Kundenkonto oder über den Link in der Erinnerungs-E-Mail.",
      "Für jede rechtzeitig abgemeldete Stunde gibt es ein Nachholguthaben für eine Stunde in einer anderen Gruppe mit freiem Platz: höchstens 2 im Monat, gültig 8 Wochen.",
      "Sagt die Schule eine Stunde ab, bekommt jedes Kind ein Nachholguthaben, und Sie erfahren es per E-Mail.",
      "Bitte mitbringen: Malkittel",
    ]);
    expect(await screen.findByRole("heading", { name: "Abgesagte Stunden" })).toBeTruthy();
    expect(screen.getByText("Die Lehrerin ist krank.")).toBeTruthy();
    expect(screen.getByText("Di., 1. Dez. 2026, 16:00–17:00 Uhr")).toBeTruthy();
    expect(asked[0]).toMatch(/\/api\/v2\/lessons\/cancellations\/\?product_page=7&locale=de$/);
  });

  it("in Russian: no makeups, a longer period, the cut-off in minutes, and the cancelled date", async () => {
    cancellationsAre([{ ...cancelled, reason: "Преподаватель заболел." }]);
    renderSections(
      course({
        lesson_rules: {
          ...rules,
          makeup_allowed: false,
          absence_cutoff_minutes: 90,
          cancelled_lesson_outcome: "lengthen",
        },
      }),
      "ru",
    );
    expect(screen.getByRole("heading", { name: "Пропуски, отработки, отмены" })).toBeTruthy();
    const items = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual([
      "Если ребёнок заболел, сообщите об этом не позднее чем за 90 мин до начала: в личном кабинете или по ссылке из письма-напоминания.",
      "По этому предложению отработка пропущенных занятий не предусмотрена.",
      "Если школа отменяет занятие, оплаченный период продлевается на это занятие, а вы получаете письмо.",
      "Что взять с собой: Фартук",
    ]);
    expect(await screen.findByText("Преподаватель заболел.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Отменённые занятия" })).toBeTruthy();
  });

  it("a workshop says only what to bring; no cancelled dates, no section", async () => {
    cancellationsAre([]);
    renderSections(course({ product_type: "Workshop" }), "de");
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Bitte mitbringen: Malkittel",
    ]);
    expect(screen.queryByRole("heading", { name: "Abgesagte Stunden" })).toBeNull();
  });
});
