import { expect, type Locator, type Page } from "@playwright/test";

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

/** The text as a regular expression that matches it literally. */
export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Opens a select and picks `option`, as a person does: when the click does not take (the list was still
 * being filled, once in CI: the child's list stayed open with nothing chosen, and the next field's search
 * read its rows), they click the option again. Done when the list has closed.
 */
export async function chooseFromList(field: Locator, option: Locator) {
  const list = field.page().getByRole("listbox");
  await expect(async () => {
    if (!(await list.isVisible())) await field.click();
    await option.click({ timeout: 2_000 });
    await expect(list).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Types into one of the back office's search-as-you-type fields and picks `option` once the list shows only
 * what matches the typed words, as a person waits for the list to narrow before choosing; then checks the
 * field holds the choice. A click while the list is being replaced by the server's answer can land between
 * two rows and choose nothing (once under load in CI: the phone booking's offer stayed empty).
 */
export async function chooseFromSearch(input: Locator, typed: string, option: Locator) {
  await input.fill(typed);
  await expect(
    input.page().getByRole("listbox").getByRole("option").filter({ hasNotText: typed }),
  ).toHaveCount(0);
  await option.click();
  await expect(input).toHaveValue(new RegExp(escaped(typed), "i"));
}

/**
 * Opens one of the back office's select fields by its label and picks an option, then checks the field
 * shows it. Once under load in CI the option's click landed while the menu was still opening and chose
 * nothing (the option hovered, the menu left open over the form); a person then clicks it again.
 */
export async function chooseOption(page: Page, label: string, name: string) {
  const select = page.getByLabel(label);
  await select.click();
  const option = page.getByRole("option", { name, exact: true });
  await expect(async () => {
    if (await option.isVisible()) await option.click({ timeout: 2_000 });
    await expect(select).toHaveText(name, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
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
    /** Typing into a search-as-you-type field and choosing from its list: two steps. */
    choose: async (input: Locator, typed: string, option: Locator) => {
      clicks += 2;
      await chooseFromSearch(input, typed, option);
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
