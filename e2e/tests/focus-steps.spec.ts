import type { APIRequestContext, Page } from "@playwright/test";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { signedInParent, useSessionInBrowser } from "../support/parents.ts";
import { PASSWORD, verifiedUser } from "../support/users.ts";

/**
 * Issue 24 item 10, "Done when": the focus after each named step lands on the next thing to do, not on
 * <body>: after "Neues Kind anlegen" (the new child's first field), after saving the child (the first free
 * weekly time, as none is chosen yet) and after signing in (the page's next step, else its heading).
 * 390 × 844 in German, 1366 × 900 in Russian.
 */

const TEXTS = {
  de: {
    addChild: "Neues Kind anlegen",
    form: "Neues Kind",
    first: "Vorname",
    last: "Nachname",
    birth: "Geburtsdatum",
    save: "Speichern",
    dialog: "Anmelden",
    email: "E-Mail-Adresse",
  },
  ru: {
    addChild: "Добавить ребёнка",
    form: "Новый ребёнок",
    first: "Имя",
    last: "Фамилия",
    birth: "Дата рождения",
    save: "Сохранить",
    dialog: "Вход",
    email: "Адрес электронной почты",
  },
} as const;

type Course = {
  slug: string;
  age_group: string;
  schedule_slots: { id: number; weekday: number | null; space: number }[];
  purchase_options: { id: number; schedule_type: string }[];
};

async function weeklyCourse(request: APIRequestContext) {
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Course");
  const found = ((await reply.json()) as { results: Course[] }).results
    .map((product) => ({
      product,
      option: product.purchase_options.find((o) => o.schedule_type === "Course (1 / week)"),
      free: product.schedule_slots.some((s) => s.weekday !== null && s.space > 0),
    }))
    .find((c) => c.option && c.free);
  if (!found?.option) throw new Error("the seed has no weekly course with seats");
  return { product: found.product, option: found.option };
}

/** What has the focus: never <body>, and inside the page's main content. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      body: active === document.body || active === null,
      inMain: Boolean(active?.closest("main")),
      tag: active?.tagName.toLowerCase() ?? "",
      name: active?.getAttribute("name") ?? "",
      nextStep: active?.hasAttribute("data-next-step") ?? false,
    };
  });
}

const CASES = [
  { locale: "de", viewport: { width: 390, height: 844 } },
  { locale: "ru", viewport: { width: 1366, height: 900 } },
] as const;

for (const { locale, viewport } of CASES) {
  const t = TEXTS[locale];
  test.describe(`the focus after each named step (${locale}, ${viewport.width} px)`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await dismissCookieModal(page);
    });

    test("after 'new child' the first field, after saving it the first free time", async ({
      page,
      request,
    }) => {
      const parent = await signedInParent(request, `focus-child-${locale}`);
      const course = await weeklyCourse(request);
      await useSessionInBrowser(page, parent);
      await page.goto(`/product/buy/${course.product.slug}?locale=${locale}`);
      await page.locator(`input[name="purchase_option"][value="${course.option.id}"]`).check();
      await page.getByRole("button", { name: t.addChild }).click();
      const form = page.getByRole("form", { name: t.form });
      await expect(form.getByLabel(t.first)).toBeFocused();

      await page.keyboard.type("Mila");
      await form.getByLabel(t.last).fill("Muster");
      const age = Number(course.product.age_group.match(/^\d+/)?.[0]) + 1;
      await form.getByLabel(t.birth).fill(`${new Date().getFullYear() - age}-01-01`);
      await form.getByRole("button", { name: t.save }).click();
      await expect(form).toBeHidden();
      await expect(page.getByRole("radio", { name: "Mila Muster" })).toBeChecked();
      await expect.poll(async () => (await focused(page)).name).toBe("schedule_slots");
      const after = await focused(page);
      expect(after.body).toBe(false);
      expect(after.tag).toBe("input");
    });

    test("after signing in the page's next step or heading", async ({ page, request }) => {
      const email = await verifiedUser(request, `focus-signin-${locale}`);
      await page.goto(`/courses?locale=${locale}`);
      const button = page.getByTestId("sign-in-button");
      await expect(button).toBeEnabled();
      await button.click();
      const dialog = page.getByRole("dialog", { name: t.dialog });
      await expect(dialog).toBeVisible();
      await page.getByTestId("sign-in-with-email").click();
      await dialog.getByLabel(t.email).fill(email);
      await page.keyboard.press("Tab");
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press("Enter");
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("profile-button")).toBeVisible();
      await expect.poll(async () => (await focused(page)).inMain).toBe(true);
      const after = await focused(page);
      expect(after.body).toBe(false);
      expect(after.nextStep || after.tag === "h1").toBe(true);
    });
  });
}
