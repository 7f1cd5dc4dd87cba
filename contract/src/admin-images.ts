import { z } from "zod";

/**
 * Images of product pages (issue 20, D146). Staff upload the file's bytes to `POST /api/v2/admin/images/`;
 * its type is read from the bytes (JPEG, PNG or WebP), never from the name or Content-Type. The reply names
 * the stored image by a content-addressed path (`/media/<sha256>.<ext>`), which a page's `title_image`
 * then uses together with its alt texts in both languages.
 */

/** The largest image staff may upload: 5 MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** A stored image's path: the SHA-256 of its bytes and the extension of its type. */
export const MEDIA_PATH = /^\/media\/([0-9a-f]{64}\.(?:jpg|png|webp))$/;

export const AdminImageSchema = z.object({
  id: z.number().int(),
  src: z.string(),
  content_type: z.enum(IMAGE_TYPES),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
});
export type AdminImage = z.infer<typeof AdminImageSchema>;

/** An alt text as a draft may hold it (the live preview's, D147): possibly still empty. */
const altTextDraft = z.string().trim().max(300, { error: "too_long" });
const altText = altTextDraft.min(1, { error: "required" });

/** A page's title image as staff set it: a stored image and its alt text in German and Russian (both required). */
export const AdminTitleImageInputSchema = z
  .object({
    src: z.string().trim().min(1, { error: "required" }).max(300, { error: "too_long" }),
    alt: z.object({ de: altText, ru: altText }).strict(),
  })
  .strict();
export type AdminTitleImageInput = z.infer<typeof AdminTitleImageInputSchema>;

/**
 * The title image of the live preview's draft (D147): the image as on save, its alt texts possibly still
 * empty. Staff upload the image first and type its descriptions after; the preview shows the image between.
 */
export const AdminTitleImageDraftSchema = AdminTitleImageInputSchema.extend({
  alt: z.object({ de: altTextDraft, ru: altTextDraft }).strict(),
}).strict();

export const AdminTitleImageSchema = z.object({
  src: z.string(),
  alt: z.object({ de: z.string(), ru: z.string() }),
});
