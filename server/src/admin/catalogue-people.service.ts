import type {
  AdminCategory,
  AdminCategoryInput,
  AdminCategoryUpdate,
  AdminInstructor,
  AdminInstructorInput,
  AdminInstructorUpdate,
  AdminListQuery,
} from "@atelier/contract";
import { uniqueViolationConstraint } from "../accounts/index.ts";
import {
  CATEGORY_SORTS,
  type CategoryRow,
  categorySlugTaken,
  deleteCategory,
  deleteInstructor,
  findCategoryForEdit,
  findInstructorForEdit,
  INSTRUCTOR_SORTS,
  type InstructorRow,
  insertCategory,
  insertInstructor,
  instructorPagesInUse,
  instructorSlugTaken,
  listCategoriesForStaff,
  listInstructorsForStaff,
  updateCategory,
  updateInstructor,
} from "../catalogue/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { filterValue, listCut } from "./list-query.ts";
import { versionOf } from "./version.ts";

/** Runs a write in one transaction; a slug taken by a concurrent save is the same 400 as one taken before. */
async function write<T>(db: Db, slugIndex: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (err) {
    if (uniqueViolationConstraint(err) === slugIndex) throw AppError.validation("slug", "slug_taken");
    throw err;
  }
}

/** A record in use by product pages is refused, not archived (D117): the 400 says by how many. */
const inUse = (count: number) => new AppError("in_use_by_pages", 400, undefined, undefined, { count });

// ---------- Instructors ----------

/** The version covers the instructor's own values, not how many pages use it (D99). */
function toInstructor(row: InstructorRow): AdminInstructor {
  const values = {
    id: row.id,
    slug: row.slug,
    first_name: row.firstName,
    last_name: row.lastName,
    first_name_ru: row.firstNameRu,
    last_name_ru: row.lastNameRu,
    job: row.job,
    subject: row.subject,
    bio: row.bio,
    photo: row.photo,
    sort_order: row.sortOrder,
    is_published: row.isPublished,
  };
  return {
    ...values,
    label: `${row.firstName} ${row.lastName}`,
    pages: row.pages,
    version: versionOf(values),
  };
}

const instructorAudit = auditTrail(
  "instructors",
  ({ version: _v, pages: _p, label: _l, ...values }: AdminInstructor) => values,
);

const instructorValues = (input: AdminInstructorInput) => ({
  slug: input.slug,
  firstName: input.first_name,
  lastName: input.last_name,
  firstNameRu: input.first_name_ru,
  lastNameRu: input.last_name_ru,
  job: input.job,
  subject: input.subject,
  bio: input.bio,
  photo: input.photo,
  sortOrder: input.sort_order,
  isPublished: input.is_published,
});

export function createInstructorsAdmin(db: Db) {
  async function current(tx: Tx, id: number, version?: string) {
    const row = await findInstructorForEdit(tx, id, true);
    if (!row) throw AppError.notFound();
    const before = toInstructor(row);
    if (version !== undefined && before.version !== version) throw new AppError("stale_version", 409);
    return before;
  }
  const reread = async (tx: Tx, id: number) =>
    toInstructor((await findInstructorForEdit(tx, id)) as InstructorRow);

  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, INSTRUCTOR_SORTS, "sort_order");
      const filter = query.filter ?? {};
      const page = await listInstructorsForStaff(
        db,
        {
          q: filterValue.string(filter, "q"),
          ids: filterValue.ids(filter, "id"),
          isPublished: filterValue.boolean(filter, "is_published"),
        },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toInstructor), total: page.total } };
    },

    async get(id: number): Promise<AdminInstructor> {
      const row = await findInstructorForEdit(db, id);
      if (!row) throw AppError.notFound();
      return toInstructor(row);
    },

    async create(staff: AuthUser, input: AdminInstructorInput): Promise<AdminInstructor> {
      return write(db, "instructors_slug_unique", async (tx) => {
        if (await instructorSlugTaken(tx, input.slug)) throw AppError.validation("slug", "slug_taken");
        const id = await insertInstructor(tx, instructorValues(input));
        const after = await reread(tx, id);
        await instructorAudit(tx, staff, id, "create", null, after);
        return after;
      });
    },

    async update(staff: AuthUser, id: number, input: AdminInstructorUpdate): Promise<AdminInstructor> {
      const { version, ...values } = input;
      return write(db, "instructors_slug_unique", async (tx) => {
        const before = await current(tx, id, version);
        if (await instructorSlugTaken(tx, values.slug, id)) throw AppError.validation("slug", "slug_taken");
        await updateInstructor(tx, id, instructorValues(values));
        const after = await reread(tx, id);
        await instructorAudit(tx, staff, id, "update", before, after);
        return after;
      });
    },

    /**
     * Deletes an instructor no page and no slot names. One still named is refused with a 400 that says by
     * how many pages (D117); staff unpublish them instead, which hides them from the shop and keeps history.
     */
    async remove(staff: AuthUser, id: number): Promise<AdminInstructor> {
      return db.transaction(async (tx) => {
        const before = await current(tx, id);
        const pages = await instructorPagesInUse(tx, id);
        if (pages > 0) throw inUse(pages);
        await deleteInstructor(tx, id);
        await instructorAudit(tx, staff, id, "delete", before, null);
        return before;
      });
    },
  };
}

// ---------- Categories ----------

function toCategory(row: CategoryRow): AdminCategory {
  const values = { id: row.id, slug: row.slug, name: row.name, sort_order: row.sortOrder };
  return { ...values, label: row.name.de, pages: row.pages, version: versionOf(values) };
}

const categoryAudit = auditTrail(
  "categories",
  ({ version: _v, pages: _p, label: _l, ...values }: AdminCategory) => values,
);

const categoryValues = (input: AdminCategoryInput) => ({
  slug: input.slug,
  name: input.name,
  sortOrder: input.sort_order,
});

export function createCategoriesAdmin(db: Db) {
  async function current(tx: Tx, id: number, version?: string) {
    const row = await findCategoryForEdit(tx, id, true);
    if (!row) throw AppError.notFound();
    const before = toCategory(row);
    if (version !== undefined && before.version !== version) throw new AppError("stale_version", 409);
    return before;
  }
  const reread = async (tx: Tx, id: number) => toCategory((await findCategoryForEdit(tx, id)) as CategoryRow);

  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, CATEGORY_SORTS, "sort_order");
      const filter = query.filter ?? {};
      const page = await listCategoriesForStaff(
        db,
        { q: filterValue.string(filter, "q"), ids: filterValue.ids(filter, "id") },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toCategory), total: page.total } };
    },

    async get(id: number): Promise<AdminCategory> {
      const row = await findCategoryForEdit(db, id);
      if (!row) throw AppError.notFound();
      return toCategory(row);
    },

    async create(staff: AuthUser, input: AdminCategoryInput): Promise<AdminCategory> {
      return write(db, "categories_slug_unique", async (tx) => {
        if (await categorySlugTaken(tx, input.slug)) throw AppError.validation("slug", "slug_taken");
        const id = await insertCategory(tx, categoryValues(input));
        const after = await reread(tx, id);
        await categoryAudit(tx, staff, id, "create", null, after);
        return after;
      });
    },

    async update(staff: AuthUser, id: number, input: AdminCategoryUpdate): Promise<AdminCategory> {
      const { version, ...values } = input;
      return write(db, "categories_slug_unique", async (tx) => {
        const before = await current(tx, id, version);
        if (await categorySlugTaken(tx, values.slug, id)) throw AppError.validation("slug", "slug_taken");
        await updateCategory(tx, id, categoryValues(values));
        const after = await reread(tx, id);
        await categoryAudit(tx, staff, id, "update", before, after);
        return after;
      });
    },

    /** Deletes a category no page is in; one in use is refused with a 400 that says by how many (D117). */
    async remove(staff: AuthUser, id: number): Promise<AdminCategory> {
      return db.transaction(async (tx) => {
        const before = await current(tx, id);
        if (before.pages > 0) throw inUse(before.pages);
        await deleteCategory(tx, id);
        await categoryAudit(tx, staff, id, "delete", before, null);
        return before;
      });
    },
  };
}
