import {
  ageGroupsForAge,
  instructionLanguagesMatching,
  type Locale,
  type Product,
  type ProductFilters,
} from "@atelier/contract";
import { containsPattern, type DbOrTx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  countProducts,
  findCategories,
  listValues,
  type ProductListCriteria,
  shapeOf,
} from "./catalogue.repository.ts";
import { type ProductPage, type ProductPageJson, parseIdOrSlug } from "./catalogue-shapes.ts";
import { type JsonPart, jsonPart } from "./http-cache.ts";
import { findListPage, findProductList, type ProductListRow } from "./product-read.repository.ts";

/**
 * The product lists of the catalogue (with their filters), read in full or made from what the current
 * catalogue epoch has already read (D85). A use case of its own because of the memo: what it keeps and
 * when it forgets is the whole difficulty, and nothing else of the catalogue shares it.
 */

/** Page sets and cards kept per epoch at most; a catalogue has a few hundred products. */
const MAX_MEMO_ENTRIES = 5_000;

/**
 * What list requests reuse within one catalogue epoch (D85): the page of ids of each filter set (the
 * filters run in SQL), each card as JSON with its seats left, and the categories by slug and id.
 */
class EpochMemo {
  readonly pages = new Map<string, { ids: number[]; total: number; results?: JsonPart }>();
  readonly cards = new Map<string, string>();
  categories: Promise<Map<string, number>> | undefined;
  constructor(readonly epoch: number) {}
}

export type ProductListDeps = {
  db: DbOrTx;
  /** Rows of the list query (each with its slots, options, instructors and week span) as products. */
  toProducts(rows: ProductListRow[], locale: Locale): Product[];
};

/** Category ids by slug and by id as text. */
async function categoryIndex(db: DbOrTx): Promise<Map<string, number>> {
  return new Map(
    (await findCategories(db, "de")).flatMap((row) => [
      [row.slug, row.id] as const,
      [String(row.id), row.id] as const,
    ]),
  );
}

/** The repository's criteria for the filters of a list request; a category is resolved by `category`. */
async function criteriaOf(
  filters: ProductFilters,
  category: (value: string) => Promise<number>,
): Promise<ProductListCriteria> {
  const criteria: ProductListCriteria = {
    productTypes: filters.productTypes,
    languages: filters.language && instructionLanguagesMatching(filters.language),
    weekday: filters.weekday,
  };
  if (filters.ageGroup) criteria.ageGroups = [filters.ageGroup];
  if (filters.age !== undefined) {
    const groups = ageGroupsForAge(filters.age);
    criteria.ageGroups = criteria.ageGroups ? criteria.ageGroups.filter((g) => groups.includes(g)) : groups;
  }
  if (filters.category !== undefined) criteria.categoryId = await category(filters.category);
  if (filters.location !== undefined) criteria.locationId = filters.location;
  if (filters.q !== undefined) criteria.search = containsPattern(filters.q);
  return criteria;
}

export function createProductLists({ db, toProducts }: ProductListDeps) {
  let memo = new EpochMemo(Number.NEGATIVE_INFINITY);
  /**
   * The memo of `epoch`: a newer epoch replaces it; a request still running under an older one gets a
   * memo of its own, so it neither brings old data back nor drops the newer epoch's.
   */
  const memoOf = (epoch: number): EpochMemo => {
    if (epoch > memo.epoch) memo = new EpochMemo(epoch);
    if (epoch !== memo.epoch) return new EpochMemo(epoch);
    if (memo.pages.size > MAX_MEMO_ENTRIES) memo.pages.clear();
    return memo;
  };

  /** The category id of a filter value (id or slug); within an epoch, categories are read once. */
  async function resolveCategory(value: string, epoch: number | undefined): Promise<number> {
    let index: Promise<Map<string, number>>;
    if (epoch === undefined) index = categoryIndex(db);
    else {
      const known = memoOf(epoch);
      if (!known.categories) {
        const made = categoryIndex(db);
        // A failed read is not kept: the next request of the epoch reads again.
        made.catch(() => {
          if (known.categories === made) known.categories = undefined;
        });
        known.categories = made;
      }
      index = known.categories;
    }
    const by = parseIdOrSlug(value);
    const id = (await index).get("id" in by ? String(by.id) : by.slug);
    if (id === undefined) throw AppError.validation("category", "invalid_choice");
    return id;
  }

  /** A list page read in full from the database (the SEO heads and the reference of `listProductsJson`). */
  async function listProducts(filters: ProductFilters, locale: Locale, epoch?: number): Promise<ProductPage> {
    const criteria = await criteriaOf(filters, (value) => resolveCategory(value, epoch));
    const offset = (filters.page - 1) * filters.pageSize;
    const { rows, total } = await findProductList(db, criteria, locale, {
      limit: filters.pageSize,
      offset,
    });
    // Django REST answers a page past the end with 404 ("Invalid page"); page 1 of nothing is empty.
    if (rows.length === 0 && filters.page > 1) throw AppError.notFound();
    const count = rows.length === 0 ? await countProducts(db, criteria, locale) : total;
    return {
      count,
      results: toProducts(rows, locale),
      hasNext: offset + rows.length < count,
      hasPrevious: filters.page > 1,
    };
  }

  /** Reads the cards of `ids` the epoch has not read yet, as JSON. */
  async function readMissingCards(known: EpochMemo, ids: number[], locale: Locale) {
    const missing = ids.filter((id) => !known.cards.has(`${locale}:${id}`));
    if (missing.length === 0) return;
    const { rows } = await findProductList(db, { ids: missing }, locale, {
      limit: missing.length,
      offset: 0,
    });
    for (const product of toProducts(rows, locale))
      known.cards.set(`${locale}:${product.id}`, JSON.stringify(product));
  }

  /**
   * The same page as `listProducts`, with its results already as JSON, made from what the epoch
   * has already read (D85): the page of ids of these filters, then the cards, each read from the
   * database only the first time the epoch needs it. A card that vanished between the two reads
   * (unpublished meanwhile) makes the page read in full.
   */
  async function listProductsJson(
    filters: ProductFilters,
    locale: Locale,
    epoch: number,
  ): Promise<ProductPageJson> {
    const criteria = await criteriaOf(filters, (value) => resolveCategory(value, epoch));
    const offset = (filters.page - 1) * filters.pageSize;
    const key = `${locale}|${shapeOf(criteria)}|${JSON.stringify(listValues(criteria))}|${filters.pageSize}|${offset}`;
    const known = memoOf(epoch);
    let page = known.pages.get(key);
    if (!page) {
      page = await findListPage(db, criteria, locale, { limit: filters.pageSize, offset });
      known.pages.set(key, page);
    }
    if (page.ids.length === 0 && filters.page > 1) throw AppError.notFound();
    await readMissingCards(known, page.ids, locale);
    if (!page.results) {
      const json: string[] = [];
      for (const id of page.ids) {
        const card = known.cards.get(`${locale}:${id}`);
        if (card === undefined) {
          const { results, ...full } = await listProducts(filters, locale, epoch);
          return { ...full, results: jsonPart(JSON.stringify(results)) };
        }
        json.push(card);
      }
      page.results = jsonPart(`[${json.join(",")}]`);
    }
    return {
      count: page.total,
      results: page.results,
      hasNext: offset + page.ids.length < page.total,
      hasPrevious: filters.page > 1,
    };
  }

  return { listProducts, listProductsJson };
}
