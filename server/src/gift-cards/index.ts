export { giftCardExpiry } from "./gift-card-code.ts";
export { renderGiftCardPdf } from "./gift-card-pdf.ts";
export {
  anonymiseGiftCardsOfBuyer,
  bookLedger,
  findGiftCard,
  findGiftCardByCode,
  findGiftCardOfItem,
  type GiftCardRow,
  giftCardBalancesOfItems,
  giftCardsBoughtBy,
  giftCardsOfItems,
  giftCardVersionOfItem,
} from "./gift-cards.repository.ts";
export {
  giftCardMailCard,
  giftCardShare,
  giftCardUnusable,
  giveBackToGiftCard,
  issueGiftCardByHand,
  issueGiftCardsForOrder,
  redeemGiftCard,
  releaseGiftCard,
  restateGivenUpRecipientMail,
  restateWaitingRecipientMails,
  stopCardsBoughtBy,
} from "./gift-cards.service.ts";
export {
  GIFT_CARD_SORTS,
  type LedgerRow,
  listGiftCardsForStaff,
  listLedgerForStaff,
  setGiftCardDeactivated,
  setGiftCardRecipient,
} from "./gift-cards-staff.repository.ts";
