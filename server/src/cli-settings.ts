import { readSettingsFile, SettingsFileError } from "./config/index.ts";

/** Where the operations guide keeps the shop's settings on a Debian server. */
export const SETTINGS_FILE_EXAMPLE = "/etc/atelier-shop/shop.env";

/**
 * The settings a command of the school's person runs with (`npm run admin`, `npm run backup`, `npm run
 * preflight` …): its environment, and over it the settings file named by `--settings FILE`, read as systemd
 * reads it for the shop (values taken literally, a `$` never expanded: `readSettingsFile`). The file's
 * values win over the environment's, as systemd's `EnvironmentFile=` wins over `Environment=`, so a value a
 * shell once loaded wrongly cannot linger. Answers the other arguments, or why the file cannot be used.
 */
export function settingsFromArguments(
  argv: readonly string[],
  environment: NodeJS.ProcessEnv,
): { argv: string[]; source: NodeJS.ProcessEnv; warnings: string[] } | { error: string } {
  const rest: string[] = [];
  let path: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--settings") {
      path = argv[++i];
      if (!path)
        return { error: `--settings needs the settings file, e.g. --settings ${SETTINGS_FILE_EXAMPLE}` };
    } else if (arg.startsWith("--settings=")) path = arg.slice("--settings=".length);
    else rest.push(arg);
  }
  if (path === undefined) return { argv: rest, source: environment, warnings: [] };
  try {
    const file = readSettingsFile(path);
    const warnings = [
      ...file.ignored.map(
        (name) =>
          `${path}: the line of "${name}" is ignored, as the shop's service ignores it (write NAME=value, without "export").`,
      ),
      ...file.continuedComments.map(
        (line) =>
          `${path}, line ${line}: a comment ends in a backslash. systemd before version 254 (Debian 12 has 252) reads the next line as part of that comment, so the shop's service would not see its setting there: remove the backslash.`,
      ),
    ];
    return { argv: rest, source: { ...environment, ...file.values }, warnings };
  } catch (error) {
    if (error instanceof SettingsFileError) return { error: error.message };
    throw error;
  }
}
