import type { ProductType } from "@atelier/contract";

/** The list page each product type is shown on. */
export const LIST_PATH_OF_TYPE = {
  Course: "/courses",
  Academy: "/academies",
  Workshop: "/workshops",
  Event: "/events",
  BirthdayParty: "/birthday-parties",
  GiftCard: "/giftcards",
  SchoolOffer: "/school_offer",
  SpecialOffer: "/special_offer",
} as const satisfies Record<ProductType, string>;
