import { expect, test } from "../support/fixtures.ts";

// The worker's tests share one browser context that Playwright resets between them (reuseContext, D461). These
// two run in turn in one worker: what the first leaves behind must not reach the second, which starts as a
// first visit, as every test did in a context of its own.
test.describe.configure({ mode: "serial" });

const PROBE = "isolation-probe";

test("a test leaves a cookie choice, storage, a tab's state, a listener and a permission behind", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await page.getByTestId("cookie-accept-all").click();
  await expect(page.getByTestId("cookie-modal")).toBeHidden();
  await page.evaluate((probe) => {
    localStorage.setItem(probe, "1");
    sessionStorage.setItem(probe, "1");
    window.name = probe;
  }, PROBE);
  await context.addCookies([{ name: PROBE, value: "1", domain: "127.0.0.1", path: "/" }]);
  await context.grantPermissions(["geolocation"]);
  page.on("dialog", (dialog) => dialog.accept());
  expect(
    await page.evaluate(() => navigator.permissions.query({ name: "geolocation" }).then((p) => p.state)),
  ).toBe("granted");
});

test("the next test starts as a first visit, with none of it", async ({ page, context }) => {
  await page.goto("/");
  // The cookie modal asks again: the choice's cookie and local storage are gone.
  await expect(page.getByTestId("cookie-modal")).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(PROBE);
  const left = await page.evaluate(
    async (probe) => ({
      local: localStorage.getItem(probe),
      session: sessionStorage.getItem(probe),
      name: window.name,
      geolocation: (await navigator.permissions.query({ name: "geolocation" })).state,
    }),
    PROBE,
  );
  expect(left.local).toBeNull();
  expect(left.session).toBeNull();
  expect(left.name).toBe("");
  // The earlier test's listener no longer answers: the dialog is dismissed, as Playwright does with none.
  expect(await page.evaluate(() => window.confirm("isolation-probe"))).toBe(false);
  // Permissions survive Playwright's reset; the fixture takes them back.
  expect(left.geolocation).not.toBe("granted");
});
