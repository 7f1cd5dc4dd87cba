import { expect, type Page } from "@playwright/test";
import axe from "axe-core";

type WithAxe = { axe?: typeof axe };

/**
 * axe-core's serious and critical findings on the page as it is now (or within `include`), each as
 * "<label>: rule: help (targets)". The same axe-core and the same rules as `new AxeBuilder({ page }).analyze()`
 * (every rule axe runs by default), but cheaper (issue 33, D339):
 * - axe's source (about 0.6 MB) is put into a document once, not twice on every scan; the overlay sweep
 *   scans one document two or three times;
 * - axe runs in the page (`axe.run`) instead of `runPartial` and then `finishRun` in a new blank page that
 *   AxeBuilder opens, fills with axe's source again and closes on every scan;
 * - only the violations come back with all their nodes (`resultTypes`), not the hundreds of passed nodes.
 * `axe.run` in the page alone would not look into frames, so a page with a frame fails here instead of
 * going unchecked (the shop's pages have none).
 */
export async function severeFindings(page: Page, label: string, include?: string): Promise<string[]> {
  const frames = page.frames().filter((frame) => frame !== page.mainFrame());
  expect(
    frames.map((frame) => frame.url()),
    `${label}: the page has frames, which this check does not look into`,
  ).toEqual([]);
  const loaded = await page.evaluate(() => typeof (window as WithAxe).axe?.run === "function");
  if (!loaded) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (selector) =>
      (window as WithAxe).axe?.run(selector ? { include: [selector] } : document, {
        resultTypes: ["violations"],
      }),
    include,
  );
  if (!results) throw new Error(`${label}: axe-core did not run`);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${label}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
