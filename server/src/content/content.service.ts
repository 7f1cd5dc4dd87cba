import { CONTENT_PAGE_KEYS, type ContentPage, type ContentPageKey, type Locale } from "@atelier/contract";
import type { DbOrTx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { findContentPage } from "./content.repository.ts";

const isContentPageKey = (key: string): key is ContentPageKey =>
  (CONTENT_PAGE_KEYS as readonly string[]).includes(key);

export type ContentService = ReturnType<typeof createContentService>;

/** Content pages (home, about us, prices, legal texts, ...) in the request's locale. */
export function createContentService(db: DbOrTx) {
  return {
    async getPage(key: string, locale: Locale): Promise<ContentPage> {
      if (!isContentPageKey(key)) throw AppError.notFound();
      const row = await findContentPage(db, key, locale);
      if (!row) throw AppError.notFound();
      return {
        key,
        title: row.title,
        description: row.description,
        body: row.body,
        updated_at: new Date(row.updatedAt).toISOString(),
      };
    },
  };
}
