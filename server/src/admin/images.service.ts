import { createHash } from "node:crypto";
import { type AdminImage, IMAGE_MAX_BYTES, MEDIA_PATH } from "@atelier/contract";
import type { Db, ImageRef, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { findImageByKey, type ImageRow, type MediaStorage, recordImage, sniffImage } from "../media/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { auditTrail } from "./audit.repository.ts";

/** The field an upload's errors show at in the product form. */
export const IMAGE_FIELD = "file";

function toAdmin(row: ImageRow): AdminImage {
  return {
    id: row.id,
    src: `/media/${row.key}`,
    content_type: row.contentType,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
  };
}

const audit = auditTrail("images", (image: AdminImage) => image);

/**
 * Image uploads (D146). The bytes are checked for what they are, stored under their digest, then recorded
 * with their audit entry in one transaction. Storing comes first: an object whose row then failed is
 * unreachable (only recorded keys are served) and the next upload of the same file reuses it.
 */
export function createImagesAdmin(db: Db, storage: MediaStorage) {
  return {
    async upload(staff: AuthUser, body: unknown): Promise<{ image: AdminImage; created: boolean }> {
      if (!(body instanceof Uint8Array) || body.byteLength === 0)
        throw AppError.validation(IMAGE_FIELD, "image_type");
      if (body.byteLength > IMAGE_MAX_BYTES) throw AppError.validation(IMAGE_FIELD, "image_too_large");
      const sniffed = sniffImage(body);
      if (!sniffed) throw AppError.validation(IMAGE_FIELD, "image_type");
      const sha256 = createHash("sha256").update(body).digest("hex");
      const key = `${sha256}.${sniffed.ext}`;
      await storage.put(key, body, sniffed.contentType, sha256);
      return db.transaction(async (tx) => {
        const { row, created } = await recordImage(tx, {
          key,
          contentType: sniffed.contentType,
          bytes: body.byteLength,
          width: sniffed.width,
          height: sniffed.height,
          createdBy: staff.id,
        });
        const image = toAdmin(row);
        // Uploading the same file again changes nothing, so it writes no second entry.
        if (created) await audit(tx, staff, row.id, "create", null, image);
        return { image, created };
      });
    },
  };
}

export type ImagesAdmin = ReturnType<typeof createImagesAdmin>;

/**
 * The title image a page save asks for, as the page stores it: an uploaded image (its size from the upload)
 * or the page's current one with new alt texts; anything else is a 400 at `title_image.src`.
 */
export async function resolveTitleImage(
  tx: Tx,
  wanted: { src: string; alt: { de: string; ru: string } },
  current: ImageRef | null,
): Promise<ImageRef> {
  if (current && wanted.src === current.src) return { ...current, alt: wanted.alt };
  const key = MEDIA_PATH.exec(wanted.src)?.[1];
  const image = key ? await findImageByKey(tx, key) : undefined;
  if (!image) throw AppError.validation("title_image.src", "image_unknown");
  return { src: wanted.src, width: image.width, height: image.height, alt: wanted.alt };
}
