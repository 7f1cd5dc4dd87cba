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
import { crudService } from "./crud-service.ts";
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
  const records = crudService({ find: findInstructorForEdit, view: toInstructor, audit: instructorAudit });

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

    get: (id: number): Promise<AdminInstructor> => records.get(db, id),

    async create(staff: AuthUser, input: AdminInstructorInput): Promise<AdminInstructor> {
      return write(db, "instructors_slug_unique", (tx) =>
        records.create(tx, staff, async () => {
          if (await instructorSlugTaken(tx, input.slug)) throw AppError.validation("slug", "slug_taken");
          return insertInstructor(tx, instructorValues(input));
        }),
      );
    },

    async update(staff: AuthUser, id: number, input: AdminInstructorUpdate): Promise<AdminInstructor> {
      const { version, ...values } = input;
      return write(db, "instructors_slug_unique", (tx) =>
        records.update(tx, staff, id, version, async () => {
          if (await instructorSlugTaken(tx, values.slug, id)) throw AppError.validation("slug", "slug_taken");
          await updateInstructor(tx, id, instructorValues(values));
        }),
      );
    },

    /**
     * Deletes an instructor no page and no slot names. One still named is refused with a 400 that says by
     * how many pages (D117); staff unpublish them instead, which hides them from the shop and keeps history.
     */
    async remove(staff: AuthUser, id: number): Promise<AdminInstructor> {
      return db.transaction((tx) =>
        records.remove(tx, staff, id, async () => {
          const pages = await instructorPagesInUse(tx, id);
          if (pages > 0) throw inUse(pages);
          await deleteInstructor(tx, id);
        }),
      );
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
  const records = crudService({ find: findCategoryForEdit, view: toCategory, audit: categoryAudit });

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

    get: (id: number): Promise<AdminCategory> => records.get(db, id),

    async create(staff: AuthUser, input: AdminCategoryInput): Promise<AdminCategory> {
      return write(db, "categories_slug_unique", (tx) =>
        records.create(tx, staff, async () => {
          if (await categorySlugTaken(tx, input.slug)) throw AppError.validation("slug", "slug_taken");
          return insertCategory(tx, categoryValues(input));
        }),
      );
    },

    async update(staff: AuthUser, id: number, input: AdminCategoryUpdate): Promise<AdminCategory> {
      const { version, ...values } = input;
      return write(db, "categories_slug_unique", (tx) =>
        records.update(tx, staff, id, version, async () => {
          if (await categorySlugTaken(tx, values.slug, id)) throw AppError.validation("slug", "slug_taken");
          await updateCategory(tx, id, categoryValues(values));
        }),
      );
    },

    /** Deletes a category no page is in; one in use is refused with a 400 that says by how many (D117). */
    async remove(staff: AuthUser, id: number): Promise<AdminCategory> {
      return db.transaction((tx) =>
        records.remove(tx, staff, id, async (before) => {
          if (before.pages > 0) throw inUse(before.pages);
          await deleteCategory(tx, id);
        }),
      );
    },
  };
}
