import {
  type AdminListQuery,
  type AdminProduct,
  type AdminProductInput,
  type AdminProductUpdate,
  PRODUCT_TYPES,
} from "@atelier/contract";
import { uniqueViolationConstraint } from "../accounts/index.ts";
import {
  categoryExists,
  existingInstructorIds,
  findPageForEdit,
  insertPage,
  listPagesForStaff,
  PAGE_SORTS,
  type PageRow,
  type PageValues,
  slugTaken,
  updatePage,
} from "../catalogue/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { filterValue, listCut } from "./list-query.ts";
import { versionOf } from "./version.ts";

const RESOURCE = "products";

/** A page as staff see and edit it; `version` is a digest of everything else (D99). */
function toAdmin(row: PageRow): AdminProduct {
  const values = {
    id: row.id,
    slug: row.slug,
    product_type: row.productType,
    name: row.name,
    summary: row.summary,
    body: row.body,
    program: row.program,
    seo_text: row.seoText,
    length: row.length,
    qna: row.qna,
    age_group: row.ageGroup,
    language: row.language,
    category: row.categoryId,
    location: row.location,
    instructors: row.instructorIds,
    is_published: row.isPublished,
    is_featured: row.isFeatured,
    sort_order: row.sortOrder,
    updated_at: row.updatedAt.toISOString(),
  };
  return { ...values, version: versionOf(values) };
}

/** What the audit log keeps of a page: its values, without the derived version. */
function auditValues(page: AdminProduct) {
  const { version: _version, ...values } = page;
  return values;
}

const audit = auditTrail(RESOURCE, auditValues);

function toValues(input: AdminProductInput): PageValues {
  return {
    slug: input.slug,
    productType: input.product_type,
    name: input.name,
    summary: input.summary,
    body: input.body,
    program: input.program,
    seoText: input.seo_text,
    length: input.length,
    qna: input.qna,
    ageGroup: input.age_group,
    language: input.language,
    categoryId: input.category,
    location: input.location,
    isPublished: input.is_published,
    isFeatured: input.is_featured,
    sortOrder: input.sort_order,
  };
}

export function createProductPagesAdmin(db: Db) {
  /** The form's choices must exist: a 400 at the field, not a foreign-key 500. */
  async function checkReferences(tx: Tx, input: AdminProductInput, exceptId?: number) {
    const errors: Record<string, ["slug_taken"] | ["invalid_choice"]> = {};
    if (await slugTaken(tx, input.slug, exceptId)) errors.slug = ["slug_taken"];
    if (input.category !== null && !(await categoryExists(tx, input.category)))
      errors.category = ["invalid_choice"];
    const wanted = [...new Set(input.instructors)];
    if ((await existingInstructorIds(tx, wanted)).length !== wanted.length)
      errors.instructors = ["invalid_choice"];
    if (Object.keys(errors).length) throw AppError.fieldErrors(errors);
  }

  /** Runs a write in one transaction: the change and its audit entry stand or fall together. */
  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (err) {
      // Two staff saving the same new slug at once: the unique index decides, the loser gets the same 400.
      if (uniqueViolationConstraint(err) === "product_pages_slug_idx")
        throw AppError.validation("slug", "slug_taken");
      throw err;
    }
  }

  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, PAGE_SORTS, "sort_order");
      const filter = query.filter ?? {};
      const page = await listPagesForStaff(
        db,
        {
          q: filterValue.string(filter, "q"),
          productType: filterValue.strings(filter, "product_type", PRODUCT_TYPES),
          isPublished: filterValue.boolean(filter, "is_published"),
          categoryId: filterValue.id(filter, "category"),
          ids: filterValue.ids(filter, "id"),
        },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toAdmin), total: page.total } };
    },

    async get(id: number): Promise<AdminProduct> {
      const row = await findPageForEdit(db, id);
      if (!row) throw AppError.notFound();
      return toAdmin(row);
    },

    async create(staff: AuthUser, input: AdminProductInput): Promise<AdminProduct> {
      return write(async (tx) => {
        await checkReferences(tx, input);
        const id = await insertPage(tx, toValues(input), [...new Set(input.instructors)]);
        const created = await findPageForEdit(tx, id);
        if (!created) throw new Error("created page not found");
        const after = toAdmin(created);
        await audit(tx, staff, id, "create", null, after);
        return after;
      });
    },

    /**
     * Saves an edit made on `version`. The row is locked before the version is compared, so of two staff
     * saving the same page the second waits, then finds its version stale: 409, its page unchanged.
     */
    async update(staff: AuthUser, id: number, input: AdminProductUpdate): Promise<AdminProduct> {
      const { version, ...values } = input;
      return write(async (tx) => {
        const current = await findPageForEdit(tx, id, true);
        if (!current) throw AppError.notFound();
        const before = toAdmin(current);
        if (before.version !== version) throw new AppError("stale_version", 409);
        await checkReferences(tx, values, id);
        await updatePage(tx, id, toValues(values), [...new Set(values.instructors)]);
        const updated = await findPageForEdit(tx, id);
        if (!updated) throw new Error("updated page not found");
        const after = toAdmin(updated);
        await audit(tx, staff, id, "update", before, after);
        return after;
      });
    },
  };
}

export type ProductPagesAdmin = ReturnType<typeof createProductPagesAdmin>;
