import { EARLY_START_TYPES, type ProductType } from "@atelier/contract";

// Which types carry the right of withdrawal (`WITHDRAWABLE_TYPES`, D54) and which may start within its
// period (`EARLY_START_TYPES`) are the contract's rules.

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
    earlyStart: EARLY_START_TYPES.some((type) => present.has(type)),
  };
}
