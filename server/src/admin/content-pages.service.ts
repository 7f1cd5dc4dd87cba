import type {
  AdminContentPage,
  AdminContentPageInput,
  AdminContentPageUpdate,
  AdminListQuery,
  ContentPageKey,
} from "@atelier/contract";
import { uniqueViolationConstraint } from "../accounts/index.ts";
import {
  CONTENT_PAGE_SORTS,
  type ContentPageStaffRow,
  contentPageKeyTaken,
  findContentPageForEdit,
  insertContentPage,
  listContentPagesForStaff,
  updateContentPage,
} from "../content/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { filterValue, listCut } from "./list-query.ts";
import { versionOf } from "./version.ts";

function toAdmin(row: ContentPageStaffRow): AdminContentPage {
  const values = {
    id: row.id,
    key: row.key as ContentPageKey,
    title: row.title,
    description: row.description,
    body: row.body,
    updated_at: row.updatedAt.toISOString(),
  };
  return { ...values, version: versionOf(values) };
}

const audit = auditTrail("content-pages", ({ version: _version, ...values }: AdminContentPage) => values);

const toValues = (input: AdminContentPageUpdate | AdminContentPageInput) => ({
  title: input.title,
  description: input.description,
  body: input.body,
});

/**
 * Content pages (D123): home, about us, prices, legal texts as markdown in German and Russian. Each write
 * with its audit entry in one transaction; its commit ends the catalogue's epoch (the table's trigger),
 * so the shop shows it on the next request.
 */
export function createContentPagesAdmin(db: Db) {
  async function reread(tx: Tx, id: number) {
    const row = await findContentPageForEdit(tx, id);
    if (!row) throw new Error("content page not found after its write");
    return toAdmin(row);
  }

  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, CONTENT_PAGE_SORTS, "key");
      const filter = query.filter ?? {};
      const page = await listContentPagesForStaff(
        db,
        { q: filterValue.string(filter, "q"), ids: filterValue.ids(filter, "id") },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toAdmin), total: page.total } };
    },

    async get(id: number): Promise<AdminContentPage> {
      const row = foundOr404(await findContentPageForEdit(db, id));
      return toAdmin(row);
    },

    /** A page for a key the shop shows but the school has not written yet; a key has one page. */
    async create(staff: AuthUser, input: AdminContentPageInput): Promise<AdminContentPage> {
      try {
        return await db.transaction(async (tx) => {
          if (await contentPageKeyTaken(tx, input.key))
            throw AppError.validation("key", "content_page_exists");
          const id = await insertContentPage(tx, input.key, toValues(input));
          const after = await reread(tx, id);
          await audit(tx, staff, id, "create", null, after);
          return after;
        });
      } catch (err) {
        // Two staff creating the same page at once: the unique key decides, the loser gets the same 400.
        if (uniqueViolationConstraint(err) === "content_pages_key_unique")
          throw AppError.validation("key", "content_page_exists");
        throw err;
      }
    },

    /** Saves an edit made on `version`; the row is locked first, so of two saves the second gets 409. */
    async update(staff: AuthUser, id: number, input: AdminContentPageUpdate): Promise<AdminContentPage> {
      return db.transaction(async (tx) => {
        const row = foundOr404(await findContentPageForEdit(tx, id, true));
        const before = toAdmin(row);
        if (before.version !== input.version) throw new AppError("stale_version", 409);
        if (input.key !== undefined && input.key !== before.key)
          throw AppError.validation("key", "invalid_choice");
        await updateContentPage(tx, id, toValues(input));
        const after = await reread(tx, id);
        await audit(tx, staff, id, "update", before, after);
        return after;
      });
    },
  };
}
