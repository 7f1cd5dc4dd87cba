import type { WagtailImage } from "@atelier/contract";

/**
 * Our images live inside the catalogue rows (a path, sizes and alt texts), not in an image table, yet the
 * existing client names an image by a number (`images/{id}/`, an instructor's `profile_pic`). The number
 * is made from the image's path (FNV-1a, 31 bits): the same picture has the same id in every reply, on
 * every instance, with nothing stored twice.
 */
export function imageId(path: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    hash ^= path.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // 1 … 2^31-1: a positive id that fits the client's integer fields.
  return hash >>> 1 || 1;
}

/** Wagtail's image object for a path on this server (relative: the client prefixes its API base). */
export function wagtailImage(path: string | null | undefined, title: string): WagtailImage | null {
  if (!path) return null;
  return { id: imageId(path), title, meta: { type: "wagtailimages.Image", download_url: path } };
}
