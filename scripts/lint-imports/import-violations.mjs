import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const depcruise = join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");

/**
 * Runs the repository's import rules (`.dependency-cruiser.cjs`, through the same CLI as `npm run
 * lint:imports`) on a throwaway tree, so a test can plant a forbidden import and see the lint name it.
 *
 * @param {Record<string, string>} files the tree by path as the rules see it, e.g.
 *   `{"web/src/features/a/a.ts": 'import { b } from "../b/b.ts";'}`
 * @param {string[]} [cruise] the folders to check, as `lint:imports` names them (default: each file's top folder)
 * @returns {Promise<{ rule: string; from: string; to: string }[]>} every violation, sorted by rule and file
 */
export async function importViolations(files, cruise) {
  const dir = await mkdtemp(join(tmpdir(), "import-rules-"));
  try {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    // The rules resolve TypeScript imports with the repository's compiler options.
    await copyFile(join(root, "tsconfig.base.json"), join(dir, "tsconfig.base.json"));
    const folders = cruise ?? [...new Set(Object.keys(files).map((path) => path.split("/")[0]))];
    const { stdout } = await run(
      process.execPath,
      [depcruise, "--config", join(root, ".dependency-cruiser.cjs"), "--output-type", "json", ...folders],
      { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
    );
    /** @type {{ summary: { violations: { rule: { name: string }; from: string; to: string }[] } }} */
    const result = JSON.parse(stdout);
    return result.summary.violations
      .map(({ rule, from, to }) => ({ rule: rule.name, from, to }))
      .sort((a, b) => a.rule.localeCompare(b.rule) || a.from.localeCompare(b.from));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
