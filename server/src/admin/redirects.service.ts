import {
  type AdminListQuery,
  type AdminRedirect,
  type AdminRedirectInput,
  type AdminRedirectUpdate,
  parseRedirectTarget,
  redirectSourceKey,
} from "@atelier/contract";
import { uniqueViolationConstraint } from "../accounts/index.ts";
import {
  deleteRedirect,
  findRedirectForEdit,
  insertRedirect,
  listRedirectsForStaff,
  lockRedirectsForWrite,
  REDIRECT_SORTS,
  type RedirectRow,
  redirectTargetsBySource,
  updateRedirect,
} from "../content/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { filterValue, listCut } from "./list-query.ts";
import { versionOf } from "./version.ts";

function toAdmin(row: RedirectRow): AdminRedirect {
  const values = {
    id: row.id,
    from_path: row.fromPath,
    target: row.target,
    external: parseRedirectTarget(row.target)?.kind === "external",
    permanent: row.permanent,
    note: row.note,
    updated_at: row.updatedAt.toISOString(),
  };
  return { ...values, version: versionOf(values) };
}

const audit = auditTrail("redirects", ({ version: _version, ...values }: AdminRedirect) => values);

/**
 * The stored form: the source without a trailing slash, the target as the contract normalises and checks it
 * (dot segments resolved, repeated slashes one, an address on the shop's own host as its path, D203), so
 * the stored target is the one checked and saving it again answers the same.
 */
function toValues(input: AdminRedirectInput | AdminRedirectUpdate, ownHosts: readonly string[]) {
  const target = parseRedirectTarget(input.target, ownHosts);
  if (!target) throw AppError.validation("target", "invalid_redirect_target");
  return {
    fromPath: redirectSourceKey(input.from_path),
    target: target.href,
    permanent: input.permanent,
    note: input.note,
  };
}

/**
 * Refuses a redirect whose target, followed through the other redirects, comes back to its own source:
 * a browser sent round that circle gives up with an error page. Chains that end somewhere are fine (an
 * old address may lead to one that itself moved on). Runs under `lockRedirectsForWrite`.
 */
async function refuseLoop(
  tx: Tx,
  ownHosts: readonly string[],
  values: { fromPath: string; target: string },
  replacing?: string,
) {
  const bySource = await redirectTargetsBySource(tx);
  // An edit may move the redirect to another source: its old one no longer leads anywhere.
  if (replacing !== undefined) bySource.delete(replacing);
  bySource.set(values.fromPath, values.target);
  const seen = new Set<string>([values.fromPath]);
  let next = parseRedirectTarget(values.target, ownHosts);
  while (next?.kind === "internal") {
    if (seen.has(next.sourceKey)) throw AppError.validation("target", "redirect_loop");
    seen.add(next.sourceKey);
    const onward = bySource.get(next.sourceKey);
    // A target saved before D203 may be a full address on the shop's own host: followed as its path.
    next = onward === undefined ? undefined : parseRedirectTarget(onward, ownHosts);
  }
}

/**
 * Redirects staff keep (D189): an old or printed address of this site that leads to a page of the shop or,
 * leaving the site, to an address elsewhere. Each write with its audit entry in one transaction (D98); the
 * server reads them on each request for a path without a page, so a save works at once on every instance.
 */
export function createRedirectsAdmin(db: Db, { ownHosts = [] }: { ownHosts?: readonly string[] } = {}) {
  async function current(tx: Tx, id: number, version?: string) {
    const row = await findRedirectForEdit(tx, id, true);
    if (!row) throw AppError.notFound();
    const before = toAdmin(row);
    if (version !== undefined && before.version !== version) throw new AppError("stale_version", 409);
    return before;
  }
  const reread = async (tx: Tx, id: number) => toAdmin((await findRedirectForEdit(tx, id)) as RedirectRow);

  /** Two staff saving the same source at once: the unique source decides, the second gets the same 400. */
  async function writing<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        await lockRedirectsForWrite(tx);
        return work(tx);
      });
    } catch (err) {
      if (uniqueViolationConstraint(err) === "redirects_from_path_unique")
        throw AppError.validation("from_path", "redirect_exists");
      throw err;
    }
  }

  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, REDIRECT_SORTS, "from_path");
      const filter = query.filter ?? {};
      const page = await listRedirectsForStaff(
        db,
        { q: filterValue.string(filter, "q"), ids: filterValue.ids(filter, "id") },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toAdmin), total: page.total } };
    },

    async get(id: number): Promise<AdminRedirect> {
      const row = await findRedirectForEdit(db, id);
      if (!row) throw AppError.notFound();
      return toAdmin(row);
    },

    async create(staff: AuthUser, input: AdminRedirectInput): Promise<AdminRedirect> {
      const values = toValues(input, ownHosts);
      return writing(async (tx) => {
        await refuseLoop(tx, ownHosts, values);
        const id = await insertRedirect(tx, values);
        const after = await reread(tx, id);
        await audit(tx, staff, id, "create", null, after);
        return after;
      });
    },

    async update(staff: AuthUser, id: number, input: AdminRedirectUpdate): Promise<AdminRedirect> {
      const values = toValues(input, ownHosts);
      return writing(async (tx) => {
        const before = await current(tx, id, input.version);
        await refuseLoop(tx, ownHosts, values, before.from_path);
        await updateRedirect(tx, id, values);
        const after = await reread(tx, id);
        await audit(tx, staff, id, "update", before, after);
        return after;
      });
    },

    async remove(staff: AuthUser, id: number): Promise<AdminRedirect> {
      return writing(async (tx) => {
        const before = await current(tx, id);
        await deleteRedirect(tx, id);
        await audit(tx, staff, id, "delete", before, null);
        return before;
      });
    },
  };
}
