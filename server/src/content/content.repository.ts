import type { Locale } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { textIn } from "../catalogue/index.ts";
import type { DbOrTx } from "../db/index.ts";
import { contentPages } from "../db/index.ts";

export type ContentPageRow = {
  key: string;
  title: string;
  description: string;
  body: string;
  updatedAt: Date;
};

/** A content page with its texts in one locale. */
export async function findContentPage(
  db: DbOrTx,
  key: string,
  locale: Locale,
): Promise<ContentPageRow | undefined> {
  const [row] = await db
    .select({
      key: contentPages.key,
      title: textIn(contentPages.title, locale),
      description: textIn(contentPages.description, locale),
      body: textIn(contentPages.body, locale),
      updatedAt: contentPages.updatedAt,
    })
    .from(contentPages)
    .where(eq(contentPages.key, key));
  return row;
}
