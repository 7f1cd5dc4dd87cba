import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { newestMail } from "./mail.ts";
import { addToCart, payPlacedOrder, placeOrder } from "./orders.ts";
import { bornYearsAgo, createChild, signedInParent } from "./parents.ts";

/** The menu entry every signed-in back office shows, in the staff member's language. */
const BACK_OFFICE_MENU = { de: "Anwesenheit", ru: "Посещаемость" } as const;

/**
 * The seeded staff account (or, with `as: "admin"`, the admin the first start printed, D240) signed in to the
 * back office in the browser, in `locale`; resolves on its menu.
 */
export async function signInToBackOffice(
  page: Page,
  locale: "de" | "ru" = "de",
  as: "staff" | "admin" = "staff",
) {
  const [email, password] =
    as === "admin"
      ? [process.env.E2E_ADMIN_EMAIL, process.env.E2E_ADMIN_PASSWORD]
      : [process.env.E2E_STAFF_EMAIL, process.env.E2E_STAFF_PASSWORD];
  await page.addInitScript((chosen) => localStorage.setItem("atelier-admin-locale", chosen), locale);
  await page.goto("/admin");
  await page.locator('input[name="username"]').fill(email ?? "");
  await page.locator('input[name="password"]').fill(password ?? "");
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole("menuitem", { name: BACK_OFFICE_MENU[locale] })).toBeVisible();
}

/** The seeded staff account signed in through the API. */
export async function signedInStaff(request: APIRequestContext) {
  const signIn = await request.post("/api/v2/users/sign_in/?locale=de", {
    data: { email: process.env.E2E_STAFF_EMAIL, password: process.env.E2E_STAFF_PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const { key } = (await signIn.json()) as { key: string };
  const headers = { Authorization: `Token ${key}` };
  const user: unknown = await (await request.get("/api/v2/users/me/?locale=de", { headers })).json();
  return { key, headers, user };
}

/**
 * A paid weekly course on a slot staff add for `weekday` at `start`: the slot, the child's age, the parent's
 * e-mail, and a reader of the check-in code from the confirmation mail.
 */
export async function paidCourseOn(
  request: APIRequestContext,
  staff: { headers: Record<string, string> },
  weekday: number,
  name: string,
  start = "16:00",
) {
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Course");
  type Course = { id: number; age_group: string; purchase_options: { id: number; schedule_type: string }[] };
  const course = ((await reply.json()) as { results: Course[] }).results.find((c) =>
    c.purchase_options.some((o) => o.schedule_type === "Course (1 / week)"),
  );
  const option = course?.purchase_options.find((o) => o.schedule_type === "Course (1 / week)");
  if (!course || !option) throw new Error("the seed has no weekly course");
  const slot = await request.post("/api/v2/admin/slots/?locale=de", {
    headers: staff.headers,
    data: { product_page: course.id, weekday, date: null, start, end: "19:55", seats: 5, instructor: null },
  });
  expect(slot.status(), await slot.text()).toBe(201);
  const slotId = ((await slot.json()) as { id: number }).id;
  const parent = await signedInParent(request, name);
  const age = Number(course.age_group.match(/^\d+/)?.[0]) + 1;
  const child = await createChild(request, parent, name, bornYearsAgo(age));
  await addToCart(request, parent, {
    product_page: course.id,
    purchase_option: option.id,
    visitor: child.id,
    schedule_slots: [slotId],
  });
  await payPlacedOrder(request, parent, await placeOrder(request, parent));
  /** The check-in code, read from the confirmation mail (the mail worker sends it a moment later). */
  const code = async () => {
    const mail = await newestMail("order-confirmation", parent.email);
    const found = mail.match(/Check-in-Code: (?:<[^>]+>)?([A-Za-z0-9_-]{16,64})/)?.[1];
    if (!found) throw new Error("the confirmation mail names no check-in code");
    return found;
  };
  return { code, slotId, age, parentEmail: parent.email };
}
