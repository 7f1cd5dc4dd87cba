import type { Locator, Page } from "@playwright/test";

/**
 * What the office manager's walks (issue 29) share: a watch for console errors, uncaught errors and 5xx
 * answers while a page is open, and a counter of clicks, as the parent's journey counts taps.
 */

/** Console errors, uncaught errors and 4xx/5xx answers while the page is open; expect it to stay empty. */
export function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", async (response) => {
    const status = response.status();
    if (status >= 500) problems.push(`${status} ${response.url()}`);
    // The browser's own console line for a 4xx names no request; this one does, with the server's answer,
    // so a refusal that only shows under load can be read from the log.
    else if (status >= 400) {
      const request = response.request();
      const answer = await response.text().catch(() => "");
      problems.push(
        `${status} ${request.method()} ${response.url()} ${request.postData() ?? ""} → ${answer.slice(0, 300)}`,
      );
    }
  });
  return problems;
}

/** Counts each click and each typed field as one, as the parent's journey counts taps. */
export function clicker() {
  let clicks = 0;
  return {
    click: async (target: Locator) => {
      clicks += 1;
      await target.click();
    },
    fill: async (target: Locator, value: string) => {
      clicks += 1;
      await target.fill(value);
    },
    check: async (target: Locator) => {
      clicks += 1;
      await target.check();
    },
    /** A file chosen in the file dialog: one step, as a person picks one file. */
    upload: async (target: Locator, file: { name: string; mimeType: string; buffer: Buffer }) => {
      clicks += 1;
      await target.setInputFiles(file);
    },
    get count() {
      return clicks;
    },
  };
}

/** Switches the back office's language with the app bar's switch, as a person does. */
export async function switchBackOfficeTo(page: Page, from: "Deutsch" | "Русский", to: "Deutsch" | "Русский") {
  await page.getByRole("banner").getByRole("button", { name: from }).click();
  await page.getByRole("menuitem", { name: to }).click();
}
