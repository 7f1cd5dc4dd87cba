// Lighthouse (mobile preset) on pages of a running shop, with Debian's Chromium.
// Usage as a module: `await runLighthouse(baseUrl, ["/", "/courses"])` → [{path, performance, accessibility, ...}].
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

export async function runLighthouse(baseUrl, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const results = [];
  try {
    for (const path of paths) {
      const url = new URL(path, baseUrl).toString();
      // The cookie modal is closed as for a returning visitor; it is measured separately by the accessibility test.
      const runnerResult = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
        {
          extends: "lighthouse:default",
          settings: {
            formFactor: "mobile",
            screenEmulation: {
              mobile: true,
              width: 412,
              height: 823,
              deviceScaleFactor: 1.75,
              disabled: false,
            },
          },
        },
      );
      const categories = runnerResult?.lhr.categories ?? {};
      results.push({
        path,
        ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl, ...paths] = process.argv.slice(2);
  console.table(
    await runLighthouse(baseUrl ?? "http://127.0.0.1:3000", paths.length ? paths : ["/?locale=de"]),
  );
}
