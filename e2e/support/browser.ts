/**
 * The Chromium the browser tests drive (D465): Debian's headless shell (package chromium-headless-shell),
 * the same Chromium build as `/usr/bin/chromium` without the full browser's window and GPU processes, and
 * the browser Playwright itself runs headless tests in. The whole suite took about a fifth less time and
 * CPU in it than in the full browser. `E2E_CHROMIUM_PATH` names another, e.g. `/usr/bin/chromium` to watch
 * a test in a window (`--headed`).
 */
export const TEST_CHROMIUM = process.env.E2E_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
