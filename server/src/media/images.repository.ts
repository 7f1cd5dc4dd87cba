import type { ImageType } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { type DbOrTx, images, type Tx } from "../db/index.ts";

export type ImageRow = typeof images.$inferSelect;
export type NewImage = {
  key: string;
  contentType: ImageType;
  bytes: number;
  width: number;
  height: number;
  createdBy: number;
};

/** Records an upload; the same bytes again (same key) add nothing: `created` says which it was. */
export async function recordImage(tx: Tx, image: NewImage): Promise<{ row: ImageRow; created: boolean }> {
  const [inserted] = await tx
    .insert(images)
    .values(image)
    .onConflictDoNothing({ target: images.key })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const existing = await findImageByKey(tx, image.key);
  if (!existing) throw new Error("image vanished between insert and read");
  return { row: existing, created: false };
}

export async function findImageByKey(db: DbOrTx, key: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.key, key)).limit(1);
  return row;
}
