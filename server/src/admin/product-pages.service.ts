import {
  type AdminListQuery,
  type AdminProduct,
  type AdminProductInput,
  type AdminProductPreview,
  type AdminProductUpdate,
  type Locale,
  optionMismatch,
  PRODUCT_TYPES,
} from "@atelier/contract";
import { uniqueViolationConstraint } from "../accounts/index.ts";
import {
  categoryExists,
  createCatalogueService,
  existingInstructorIds,
  findPageForEdit,
  insertPage,
  listPagesForStaff,
  locationExists,
  PAGE_SORTS,
  type PageRow,
  type PageValues,
  pageBookings,
  pageOptionKinds,
  slugTaken,
  updatePage,
} from "../catalogue/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import type { PreviewProduct } from "../spa/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { resolveTitleImage } from "./images.service.ts";
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
    location_id: row.locationId,
    instructors: row.instructorIds,
    is_published: row.isPublished,
    is_featured: row.isFeatured,
    sort_order: row.sortOrder,
    refund_days_before: row.refundDaysBefore,
    title_image: row.titleImage ? { src: row.titleImage.src, alt: row.titleImage.alt } : null,
    lesson_rules: {
      makeup_allowed: row.makeupAllowed,
      absence_cutoff_minutes: row.absenceCutoffMinutes,
      credit_valid_days: row.creditValidDays,
      credits_per_month: row.creditsPerMonth,
      cancelled_lesson_outcome:
        row.cancelledLessonOutcome === "lengthen" ? ("lengthen" as const) : ("credit" as const),
      what_to_bring: row.whatToBring,
      makeup_group: row.makeupGroup,
    },
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

/** The page's title image after a save: absent leaves it, null removes it (D146). */
async function titleImageOf(tx: Tx, input: AdminProductInput, current: PageRow | null) {
  if (input.title_image === undefined) return {};
  if (input.title_image === null) return { titleImage: null };
  return { titleImage: await resolveTitleImage(tx, input.title_image, current?.titleImage ?? null) };
}

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
    ...(input.location_id !== undefined ? { locationId: input.location_id } : {}),
    isPublished: input.is_published,
    isFeatured: input.is_featured,
    sortOrder: input.sort_order,
    ...(input.refund_days_before !== undefined ? { refundDaysBefore: input.refund_days_before } : {}),
    ...lessonRuleValues(input.lesson_rules),
  };
}

/** The page's rules for absences and makeups (D374); absent or null on a save: left as they are. */
function lessonRuleValues(rules: AdminProductInput["lesson_rules"]): Partial<PageValues> {
  if (!rules) return {};
  return {
    makeupAllowed: rules.makeup_allowed,
    absenceCutoffMinutes: rules.absence_cutoff_minutes,
    creditValidDays: rules.credit_valid_days,
    creditsPerMonth: rules.credits_per_month,
    cancelledLessonOutcome: rules.cancelled_lesson_outcome,
    whatToBring: rules.what_to_bring,
    makeupGroup: rules.makeup_group || null,
  };
}

/** Thrown to roll back the preview's transaction: its writes only ever existed inside it. */
const PREVIEW_DONE = Symbol("preview done");

/** The form's choices must exist: a 400 at the field, not a foreign-key 500. */
async function checkReferences(tx: Tx, input: AdminProductInput, exceptId?: number) {
  const errors: Record<string, ["slug_taken"] | ["invalid_choice"]> = {};
  if (await slugTaken(tx, input.slug, exceptId)) errors.slug = ["slug_taken"];
  if (input.category !== null && !(await categoryExists(tx, input.category)))
    errors.category = ["invalid_choice"];
  if (
    input.location_id !== undefined &&
    input.location_id !== null &&
    !(await locationExists(tx, input.location_id))
  )
    errors.location_id = ["invalid_choice"];
  const wanted = [...new Set(input.instructors)];
  if ((await existingInstructorIds(tx, wanted)).length !== wanted.length)
    errors.instructors = ["invalid_choice"];
  if (Object.keys(errors).length) throw AppError.fieldErrors(errors);
}

export function createProductPagesAdmin(db: Db, media: (src: string) => string = (src) => src) {
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

    /**
     * The shop's reply for a draft (D147): the draft is written as a published page inside a transaction,
     * read back through the catalogue's own product reply (so the preview shows what the shop would), and
     * the transaction is rolled back. Nothing is stored, audited or shown to anyone else; a bad choice is
     * the same 400 at its field as on save.
     */
    async preview(input: AdminProductPreview, locale: Locale): Promise<PreviewProduct> {
      const { id, version: _version, ...draft } = input;
      const values: AdminProductInput = {
        ...draft,
        slug: `preview-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        is_published: true,
      };
      let product: PreviewProduct | undefined;
      try {
        await db.transaction(async (tx) => {
          await checkReferences(tx, values, id);
          const current = id === undefined ? null : ((await findPageForEdit(tx, id, true)) ?? null);
          if (id !== undefined && !current) throw AppError.notFound();
          const page = { ...toValues(values), ...(await titleImageOf(tx, values, current)) };
          const instructorIds = [...new Set(values.instructors)];
          const pageId = current ? current.id : await insertPage(tx, page, instructorIds);
          if (current) await updatePage(tx, current.id, page, instructorIds);
          product = (await createCatalogueService(tx, media).getProduct(
            String(pageId),
            locale,
          )) as PreviewProduct;
          throw PREVIEW_DONE;
        });
      } catch (err) {
        if (err !== PREVIEW_DONE) throw err;
      }
      if (!product) throw new Error("preview read nothing");
      return product;
    },

    async get(id: number): Promise<AdminProduct> {
      const row = foundOr404(await findPageForEdit(db, id));
      return toAdmin(row);
    },

    async create(staff: AuthUser, input: AdminProductInput): Promise<AdminProduct> {
      return write(async (tx) => {
        await checkReferences(tx, input);
        const values = { ...toValues(input), ...(await titleImageOf(tx, input, null)) };
        const id = await insertPage(tx, values, [...new Set(input.instructors)]);
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
        // Sold, the page's type is what its invoices and credit notes are taxed by (D554): kept.
        if (values.product_type !== current.productType) {
          const sold = await pageBookings(tx, id);
          if (sold > 0)
            throw new AppError("product_type_booked", 400, "product_type", undefined, { count: sold });
          // Its options must be ones the new type sells (D587, D594): else they go live unbookable.
          const unfit = (await pageOptionKinds(tx, id)).filter((option) =>
            optionMismatch(values.product_type, option),
          ).length;
          if (unfit > 0)
            throw new AppError("options_not_for_type", 400, "product_type", undefined, { count: unfit });
        }
        await checkReferences(tx, values, id);
        const image = await titleImageOf(tx, values, current);
        await updatePage(tx, id, { ...toValues(values), ...image }, [...new Set(values.instructors)]);
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
