import {
  parseRedirectTarget,
  REDIRECT_PATH_MAX_LENGTH,
  redirectSourceKey,
  redirectSourceProblem,
} from "@atelier/contract";
import type { DbOrTx } from "../db/index.ts";
import { findRedirect } from "./content.repository.ts";

export type RedirectAnswer = { location: string; permanent: boolean };

/**
 * The redirect staff made for a path the shop has no page for (D189, spec §2 rule 3), read on each such
 * request, so a redirect saved through one instance works on every instance at once. A page of this shop
 * keeps the visitor's query (their `locale`, a flyer's tracking) beneath the target's own parameters; an
 * address elsewhere is left exactly as staff wrote it.
 */
export function createRedirectLookup(db: DbOrTx) {
  return async function redirectFor(url: string): Promise<RedirectAnswer | undefined> {
    const at = url.indexOf("?");
    const rawPath = at === -1 ? url : url.slice(0, at);
    if (rawPath.length > REDIRECT_PATH_MAX_LENGTH * 3) return undefined;
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return undefined;
    }
    // Paths no redirect can have (pages, the API, malformed ones) are answered without asking the database.
    if (redirectSourceProblem(path) !== undefined) return undefined;
    const row = await findRedirect(db, redirectSourceKey(path));
    if (!row) return undefined;
    const target = parseRedirectTarget(row.target);
    if (!target) return undefined;
    if (target.kind === "external") return { location: target.href, permanent: row.permanent };
    const location = new URL(target.href, "https://shop.invalid");
    for (const [name, value] of new URLSearchParams(at === -1 ? "" : url.slice(at + 1)))
      if (!location.searchParams.has(name)) location.searchParams.append(name, value);
    return { location: `${location.pathname}${location.search}${location.hash}`, permanent: row.permanent };
  };
}
