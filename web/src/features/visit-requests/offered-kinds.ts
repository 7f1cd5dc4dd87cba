import type { ProductType, VisitRequestKind } from "@atelier/contract";
import { nextSession } from "../../lib/schedule.ts";

/** Weekly courses: a child can try one lesson before the parent books the month (D84). */
const TRIAL_TYPES: ReadonlySet<ProductType> = new Set(["Course"]);
/** Offers the school brings to a school, kindergarten or family (D84). */
const OUT_TYPES: ReadonlySet<ProductType> = new Set(["SchoolOffer", "SpecialOffer"]);
/** Offers with seats on dates or weeks, where "tell me when there is a place" makes sense (D84). */
const WAITING_TYPES: ReadonlySet<ProductType> = new Set(["Course", "Academy", "Workshop", "Event"]);

type Product = Parameters<typeof nextSession>[0];

/**
 * Which visit requests the product page offers (D84): a trial lesson for courses, a visit at the
 * parent's place for school and special offers, and the general waiting request only where no upcoming
 * date is set at all (D144): a full date has its own "Auf die Warteliste" on the booking page, so a parent
 * meets one waiting-list button, never two.
 */
export function offeredVisitRequestKinds(product: Product, today: string): VisitRequestKind[] {
  const kinds: VisitRequestKind[] = [];
  if (TRIAL_TYPES.has(product.product_type)) kinds.push("trial");
  if (OUT_TYPES.has(product.product_type)) kinds.push("out");
  if (WAITING_TYPES.has(product.product_type) && nextSession(product, today) === null) {
    kinds.push("waiting");
  }
  return kinds;
}
