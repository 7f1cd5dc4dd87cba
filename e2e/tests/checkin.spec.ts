import type { APIRequestContext } from "@playwright/test";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { newestMail } from "../support/mail.ts";
import { addToCart, payPlacedOrder, placeOrder } from "../support/orders.ts";
import {
  bornYearsAgo,
  createChild,
  type Parent,
  signedInParent,
  useSessionInBrowser,
} from "../support/parents.ts";

/**
 * The page a booking's QR code opens (D57): `/QrCodeScanner?code=`; a parent who scans the code learns what it
 * is for. Without a code, the door (D109): staff type the code from the confirmation mail and are answered
 * large and coloured (the rules per lesson date: server/src/checkin/checkin.routes.test.ts).
 */
test("a parent who scans the booking's QR code is told it is the child's entry ticket (de and ru)", async ({
  page,
}) => {
  await dismissCookieModal(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/QrCodeScanner?code=Zm9vYmFyYmF6cXV4cXV1eA&locale=de");
  await expect(page.getByRole("heading", { level: 1, name: "Check-in" })).toBeVisible();
  await expect(page.getByTestId("checkin-guest")).toContainText("Eintrittskarte Ihres Kindes");
  await page.goto("/QrCodeScanner?code=Zm9vYmFyYmF6cXV4cXV1eA&locale=ru");
  await expect(page.getByTestId("checkin-guest")).toContainText("входной билет");
});

/** Today's weekday in Berlin (0 = Monday), as slots count them. */
function berlinWeekday(offsetDays = 0): number {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return (date.getUTCDay() + 6) % 7;
}

async function signedInStaff(request: APIRequestContext) {
  const signIn = await request.post("/api/v2/users/sign_in/?locale=de", {
    data: { email: process.env.E2E_STAFF_EMAIL, password: process.env.E2E_STAFF_PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const { key } = (await signIn.json()) as { key: string };
  const headers = { Authorization: `Token ${key}` };
  const user = await (await request.get("/api/v2/users/me/?locale=de", { headers })).json();
  return { email: process.env.E2E_STAFF_EMAIL ?? "", key, headers, user };
}

/** A paid weekly course on a slot staff add for `weekday`; returns the check-in code from the parent's mail. */
async function paidCourseOn(request: APIRequestContext, staff: Parent, weekday: number, name: string) {
  const reply = await request.get("/api/v2/products/?locale=de&page_size=100&product_type=Course");
  type Course = { id: number; age_group: string; purchase_options: { id: number; schedule_type: string }[] };
  const course = ((await reply.json()) as { results: Course[] }).results.find((c) =>
    c.purchase_options.some((o) => o.schedule_type === "Course (1 / week)"),
  );
  const option = course?.purchase_options.find((o) => o.schedule_type === "Course (1 / week)");
  if (!course || !option) throw new Error("the seed has no weekly course");
  const slot = await request.post("/api/v2/admin/slots/?locale=de", {
    headers: staff.headers,
    data: {
      product_page: course.id,
      weekday,
      date: null,
      start: "16:00",
      end: "17:30",
      seats: 5,
      instructor: null,
    },
  });
  expect(slot.status(), await slot.text()).toBe(201);
  const parent = await signedInParent(request, name);
  const age = Number(course.age_group.match(/^\d+/)?.[0]) + 1;
  const child = await createChild(request, parent, name, bornYearsAgo(age));
  await addToCart(request, parent, {
    product_page: course.id,
    purchase_option: option.id,
    visitor: child.id,
    schedule_slots: [((await slot.json()) as { id: number }).id],
  });
  await payPlacedOrder(request, parent, await placeOrder(request, parent));
  const mail = await newestMail("order-confirmation", parent.email);
  const code = mail.match(/Check-in-Code: (?:<[^>]+>)?([A-Za-z0-9_-]{16,64})/)?.[1];
  if (!code) throw new Error("the confirmation mail names no check-in code");
  return code;
}

test("staff at the door check a child in by the manual code: green, then already checked in with the time, and a code for another day says so (390 px)", async ({
  page,
  request,
}) => {
  const staff = await signedInStaff(request);
  const today = await paidCourseOn(request, staff, berlinWeekday(0), "Mila");
  const tomorrow = await paidCourseOn(request, staff, berlinWeekday(1), "Lena");

  await dismissCookieModal(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await useSessionInBrowser(page, staff);
  await page.goto("/QrCodeScanner?locale=de");
  const field = page.getByLabel("Code der Buchung");
  const result = page.getByTestId("door-result");

  await field.fill(today);
  await page.getByRole("button", { name: "Einchecken" }).click();
  await expect(result).toHaveAttribute("data-colour", "green");
  await expect(result).toContainText("Eingecheckt");
  await expect(result).toContainText("Mila Muster");

  await field.fill(today);
  await page.getByRole("button", { name: "Einchecken" }).click();
  await expect(result).toHaveAttribute("data-colour", "amber");
  await expect(result).toContainText(/Schon eingecheckt, heute um \d\d:\d\d Uhr/);

  await field.fill(tomorrow);
  await page.getByRole("button", { name: "Einchecken" }).click();
  await expect(result).toHaveAttribute("data-colour", "red");
  await expect(result).toContainText("Heute kein Termin mit dieser Buchung");
  await expect(result).toContainText("Lena Muster");
});
