import { berlinDay } from "../support/days.ts";
import { dismissCookieModal, expect, test } from "../support/fixtures.ts";
import { useSessionInBrowser } from "../support/parents.ts";
import { paidCourseOn, signedInStaff } from "../support/staff-bookings.ts";

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

test("staff at the door check a child in by the manual code: green, then already checked in with the time, and a code for another day says so (390 px)", async ({
  page,
  request,
}) => {
  const staff = await signedInStaff(request);
  const today = await (await paidCourseOn(request, staff, berlinDay(0).weekday, "Mila")).code();
  const tomorrow = await (await paidCourseOn(request, staff, berlinDay(1).weekday, "Lena")).code();

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
