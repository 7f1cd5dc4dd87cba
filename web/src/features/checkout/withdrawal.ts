import type { ProductType } from "@atelier/contract";

/**
 * Decision D54: courses (subscriptions, meeting cards), academies' weeks and gift cards carry the 14-day right
 * of withdrawal (§ 355 BGB); workshops, events, birthday parties and school or special offers are leisure
 * services on a fixed date and exempt (§ 312g(2) Nr. 9 BGB).
 */
export const WITHDRAWABLE_TYPES: readonly ProductType[] = ["Course", "Academy", "GiftCard"];

/** Types whose service may begin within the withdrawal period, if the parent asks for it (§ 356(4) BGB). */
const SERVICE_TYPES: readonly ProductType[] = ["Course", "Academy"];

/** A fixed order, so the texts read the same whatever the order of the cart. */
const TYPE_ORDER: readonly ProductType[] = [
  "Course",
  "Academy",
  "GiftCard",
  "Workshop",
  "Event",
  "BirthdayParty",
  "SchoolOffer",
  "SpecialOffer",
];

export type WithdrawalInfo = {
  /** The cart's product types, each once, in a fixed order. */
  types: ProductType[];
  /** Whether the parent must agree that a course or academy week may start within the 14 days. */
  earlyStart: boolean;
};

export function withdrawalInfo(types: Iterable<ProductType>): WithdrawalInfo {
  const present = new Set(types);
  return {
    types: TYPE_ORDER.filter((type) => present.has(type)),
    earlyStart: SERVICE_TYPES.some((type) => present.has(type)),
  };
}
