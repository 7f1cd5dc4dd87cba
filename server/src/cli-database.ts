import { existsSync } from "node:fs";
import { SETTINGS_FILE_EXAMPLE } from "./cli-settings.ts";
import { pgliteFolder } from "./db/index.ts";

/**
 * Why a command of the school's person (`npm run admin`, `npm run backup`, the move to PostgreSQL) must not
 * open the embedded database, or null when it may: without the shop's settings loaded it would make an empty
 * database of its own under `./.data` and work there, where the shop never looks (D626).
 */
export function missingEmbeddedDatabase(env: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): string | null {
  if (env.DATABASE_URL) return null;
  const folder = pgliteFolder(env.DATA_DIR);
  if (existsSync(folder)) return null;
  return `No shop database at ${folder}. Name the shop's settings file (--settings ${SETTINGS_FILE_EXAMPLE}), or start the shop once (npm start) to create it.`;
}
