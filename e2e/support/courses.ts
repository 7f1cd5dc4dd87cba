import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { signedInStaff } from "./staff-bookings.ts";

const text = (de: string, ru: string) => ({ de, ru });

/**
 * A monthly course of ages 5–7 made by staff through the back office's API: a page, its monthly option
 * (69 €) and one weekly group. `sortOrder` puts it last in the lists, so no other test's "first course"
 * changes.
 */
export async function weeklyCourse(
  request: APIRequestContext,
  course: {
    slug: string;
    name: { de: string; ru: string };
    group: { weekday: number; start: string; end: string };
    sortOrder?: number;
    /** The page's rules of absences and makeups (issue 35), as the product form saves them. */
    lessonRules?: Record<string, unknown>;
  },
) {
  const staff = await signedInStaff(request);
  const page = await request.post("/api/v2/admin/products/?locale=de", {
    headers: staff.headers,
    data: {
      slug: course.slug,
      product_type: "Course",
      name: course.name,
      summary: text("Wir malen jede Woche.", "Рисуем каждую неделю."),
      body: text("Malen mit Gouache und Tusche.", "Рисуем гуашью и тушью."),
      program: text("- Farben\n- Formen", "- Цвета\n- Формы"),
      seo_text: text("Malkurs in Berlin", "Курс рисования в Берлине"),
      length: text("60 Minuten", "60 минут"),
      qna: [],
      age_group: "5-7",
      language: "de",
      category: null,
      location: "",
      instructors: [],
      is_published: true,
      is_featured: false,
      sort_order: course.sortOrder ?? 1_000_000,
      ...(course.lessonRules ? { lesson_rules: course.lessonRules } : {}),
    },
  });
  expect(page.status(), await page.text()).toBe(201);
  const { id } = (await page.json()) as { id: number };
  const option = await request.post("/api/v2/admin/purchase-options/?locale=de", {
    headers: staff.headers,
    data: {
      product_page: id,
      schedule_type: "Course (1 / week)",
      is_recurring: true,
      name: text("Monatsabo", "Абонемент на месяц"),
      base_price_cents: 6_900,
      number_of_meetings: null,
      meetings_per_week: 1,
      sort_order: 1,
    },
  });
  expect(option.status(), await option.text()).toBe(201);
  const slot = await request.post("/api/v2/admin/slots/?locale=de", {
    headers: staff.headers,
    data: { product_page: id, ...course.group, date: null, seats: 8, instructor: null },
  });
  expect(slot.status(), await slot.text()).toBe(201);
  return {
    id,
    slug: course.slug,
    name: course.name,
    option: ((await option.json()) as { id: number }).id,
    slot: ((await slot.json()) as { id: number }).id,
  };
}
