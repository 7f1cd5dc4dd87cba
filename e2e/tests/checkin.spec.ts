import { dismissCookieModal, expect, test } from "../support/fixtures.ts";

/**
 * The page a booking's QR code opens (D57): `/QrCodeScanner?code=`. Staff check in through the API behind it
 * (server/src/checkin/checkin.routes.test.ts); a parent who scans the code learns what it is for.
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
