import { existsSync } from "node:fs";
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
  return `No shop database at ${folder}. Load the shop's settings first (set -a && . /etc/atelier-shop/shop.env && set +a), or start the shop once (npm start) to create it.`;
}
