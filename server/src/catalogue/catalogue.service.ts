import type { Category, Instructor, InstructorDetail, ListedHouse, Locale, Product } from "@atelier/contract";
import type { DbOrTx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { findActiveHouses, findCategories, findInstructor, findInstructors } from "./catalogue.repository.ts";
import { type MediaUrl, parseIdOrSlug, toHouse, toInstructor, toProduct } from "./catalogue-shapes.ts";
import { createProductLists } from "./product-lists.ts";
import { readProductPage } from "./product-page.ts";
import { findProductList, type ProductListRow } from "./product-read.repository.ts";

export {
  type MediaUrl,
  mediaUrlOn,
  type ProductPage,
  type ProductPageJson,
  parseIdOrSlug,
  spaceLeft,
  toHouse,
} from "./catalogue-shapes.ts";

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/**
 * The public catalogue: product lists and pages, categories, instructors. Reads only. Each use case is a
 * module of its own (`product-lists.ts` with its epoch memo, `product-page.ts`); the shapes they answer
 * in are `catalogue-shapes.ts`.
 */
export function createCatalogueService(db: DbOrTx, media: MediaUrl = (src) => src) {
  /** Rows of the list query (each with its slots, options, instructors and week span) as products. */
  const toProducts = (rows: ProductListRow[], locale: Locale): Product[] =>
    rows.map((row) =>
      toProduct(
        row,
        {
          slots: row.slots,
          options: row.options,
          instructors: row.instructors,
          weekSpan: row.weekSpan ?? undefined,
        },
        locale,
        media,
      ),
    );
  const lists = createProductLists({ db, toProducts });

  return {
    listProducts: lists.listProducts,
    listProductsJson: lists.listProductsJson,

    getProduct: (idOrSlug: string, locale: Locale) => readProductPage({ db, media }, idOrSlug, locale),

    /** An instructor's page: their details and every product they teach. */
    async getInstructor(idOrSlug: string, locale: Locale): Promise<InstructorDetail> {
      const row = await findInstructor(db, parseIdOrSlug(idOrSlug), locale);
      if (!row) throw AppError.notFound();
      const { rows } = await findProductList(db, { instructorId: row.id }, locale, {
        limit: 1000,
        offset: 0,
      });
      return { ...toInstructor(media)(row), products: toProducts(rows, locale) };
    },

    async listCategories(locale: Locale): Promise<Category[]> {
      return findCategories(db, locale);
    },

    /** The houses a list can be filtered by (D151) and the contact block lists, with their phone (D177). */
    async listHouses(locale: Locale): Promise<ListedHouse[]> {
      return (await findActiveHouses(db, locale)).map((row) => ({ ...toHouse(row), phone: row.phone }));
    },

    async listInstructors(locale: Locale): Promise<Instructor[]> {
      return (await findInstructors(db, locale)).map(toInstructor(media));
    },
  };
}
