// Lighthouse (mobile preset) on pages of a running shop, with Debian's Chromium.
// Usage as a module: `await runLighthouse(baseUrl, ["/", "/courses"], { runs: 3 })` → per page the median of
// each score and metric over the runs, and every run's performance score.
// From the command line: `node scripts/bench/lighthouse.mjs http://127.0.0.1:3000 /?locale=de /courses?locale=de`.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
// Metric name in the report → Lighthouse audit id (values in ms; CLS unitless).
const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function runOnce(port, url) {
  const runnerResult = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
    {
      extends: "lighthouse:default",
      settings: {
        formFactor: "mobile",
        screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      },
    },
  );
  const lhr = runnerResult?.lhr;
  const categories = lhr?.categories ?? {};
  return {
    ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])),
    ...Object.fromEntries(
      Object.entries(METRICS).map(([name, audit]) => [name, lhr?.audits[audit]?.numericValue ?? Number.NaN]),
    ),
    lcpElement:
      lhr?.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    runtimeError: lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
  };
}

/** One measured run; a run Lighthouse itself could not finish (runtimeError, no metrics) is logged and repeated. */
async function runMeasured(port, url) {
  for (let attempt = 0; ; attempt++) {
    const sample = await runOnce(port, url);
    if (!sample.runtimeError || attempt === 2) return sample;
    console.log(`[bench] Lighthouse could not finish ${url} (${sample.runtimeError}); repeating the run`);
  }
}

export async function runLighthouse(baseUrl, paths, { runs = 3 } = {}) {
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
      const samples = [];
      // Each run loads the page in a fresh profile (Lighthouse clears storage), so the cookie modal shows.
      for (let i = 0; i < runs; i++) samples.push(await runMeasured(chrome.port, url));
      results.push({
        path,
        runs: samples.map((s) => s.performance),
        ...Object.fromEntries(
          [...CATEGORIES, ...Object.keys(METRICS)].map((key) => [key, median(samples.map((s) => s[key]))]),
        ),
        lcpElement: samples[0]?.lcpElement,
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl, ...paths] = process.argv.slice(2);
  const rows = await runLighthouse(
    baseUrl ?? "http://127.0.0.1:3000",
    paths.length ? paths : ["/?locale=de"],
    {
      runs: Number(process.env.LIGHTHOUSE_RUNS ?? 3),
    },
  );
  console.table(rows.map(({ lcpElement, ...row }) => ({ ...row, runs: row.runs.join(" ") })));
}
