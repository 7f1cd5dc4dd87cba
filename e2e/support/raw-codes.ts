import { rawCodesOnScreen } from "@atelier/contract";
import type { Page } from "@playwright/test";

/**
 * Codes that must never be read on a back-office page (issue 29, D285): the contract's enum codes whose
 * label differs from them ("paid", "Course (1 / week)", "BirthdayPackage", "ru-en", "customer", …). Codes of
 * two letters ("de", "ru") are left out: as words they occur in names and texts.
 */
const CODES = rawCodesOnScreen().filter((code) => code.length > 2);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** A code as a word of its own: not inside a longer word, an e-mail address or a path. */
const PATTERNS = CODES.map((code) => ({
  code,
  pattern: new RegExp(`(?<![\\p{L}\\d_@./-])${escaped(code)}(?![\\p{L}\\d_@./-])`, "u"),
}));

/** The raw codes the page shows as visible text (e-mail addresses left out: "staff@…" is an address). */
export async function rawCodesShown(page: Page): Promise<string[]> {
  const text = (await page.locator("#root, body").first().innerText()).replace(/\S+@\S+/g, " ");
  return PATTERNS.filter(({ pattern }) => pattern.test(text)).map(({ code }) => code);
}
