// `images/{id}/`: an image id is a hash of its path, so an id this process has not put into a reply can
// only be found by making the catalogue's pages again; that costly read is rationed.
import type { Locale, WagtailImage } from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import { imageId } from "./images.ts";
import { instructorItem } from "./instructor-pages.ts";
import { card, detail } from "./product-pages.ts";
import { allProducts, type WagtailContext } from "./wagtail.context.ts";

/**
 * At most one whole read of the catalogue per `FULL_SCAN_INTERVAL_MS`, so requests for made-up ids cannot
 * make every request read every page.
 */
const FULL_SCAN_INTERVAL_MS = 10_000;

/** Every image of the catalogue, for an `images/{id}/` this process has not put into a reply yet. */
export async function findImage(ctx: WagtailContext, id: number, locale: Locale): Promise<WagtailImage> {
  const { seen, catalogue, scan } = ctx;
  const known = seen.get(id);
  if (known) return known;
  if (Date.now() - scan.last < FULL_SCAN_INTERVAL_MS) throw AppError.notFound();
  scan.last = Date.now();
  const [products, instructors] = await Promise.all([
    allProducts(ctx, locale),
    catalogue.listInstructors(locale),
  ]);
  for (const person of instructors) instructorItem(ctx, person, locale);
  for (const product of products) {
    card(ctx, product, locale);
    if (product.title_image && imageId(product.title_image.src) === id) break;
  }
  if (!seen.has(id)) {
    // Backgrounds and student works are only on the product pages.
    for (const product of products) {
      detail(ctx, await catalogue.getProduct(String(product.id), locale), locale);
      if (seen.has(id)) break;
    }
  }
  const found = seen.get(id);
  if (!found) throw AppError.notFound();
  return found;
}
