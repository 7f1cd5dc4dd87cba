import type { Locale } from "@atelier/contract";
import type { DbOrTx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { findOwnedSubscription, isPaidItemOf, type OwnedSubscription } from "./subscriptions.repository.ts";

/**
 * The subscription of a parent's paid item. Another family's item, or none, is 404; the parent's own item
 * that is no subscription (a workshop, a meeting card) is 400 `not_a_subscription` (D73, D526): the
 * existing client offers "cancel" on every active row of the history.
 */
export async function ownedSubscriptionOrRefuse(
  db: DbOrTx,
  userId: number,
  itemId: number,
  locale: Locale,
): Promise<OwnedSubscription> {
  const owned = await findOwnedSubscription(db, userId, itemId, locale);
  if (owned) return owned;
  if (await isPaidItemOf(db, userId, itemId))
    throw AppError.validation("non_field_errors", "not_a_subscription");
  throw AppError.notFound();
}
