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
import { crudService } from "./crud-service.ts";
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
  const records = crudService({ find: findRedirectForEdit, view: toAdmin, audit });

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

    get: (id: number): Promise<AdminRedirect> => records.get(db, id),

    async create(staff: AuthUser, input: AdminRedirectInput): Promise<AdminRedirect> {
      const values = toValues(input, ownHosts);
      return writing((tx) =>
        records.create(tx, staff, async () => {
          await refuseLoop(tx, ownHosts, values);
          return insertRedirect(tx, values);
        }),
      );
    },

    async update(staff: AuthUser, id: number, input: AdminRedirectUpdate): Promise<AdminRedirect> {
      const values = toValues(input, ownHosts);
      return writing((tx) =>
        records.update(tx, staff, id, input.version, async (before) => {
          await refuseLoop(tx, ownHosts, values, before.from_path);
          await updateRedirect(tx, id, values);
        }),
      );
    },

    async remove(staff: AuthUser, id: number): Promise<AdminRedirect> {
      return writing((tx) => records.remove(tx, staff, id, () => deleteRedirect(tx, id)));
    },
  };
}
