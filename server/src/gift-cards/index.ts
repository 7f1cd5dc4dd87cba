export { renderGiftCardPdf } from "./gift-card-pdf.ts";
export { bookLedger, findGiftCard, findGiftCardByCode, findGiftCardOfItem } from "./gift-cards.repository.ts";
export {
  giftCardShare,
  giftCardUnusable,
  issueGiftCardsForOrder,
  redeemGiftCard,
  releaseGiftCard,
} from "./gift-cards.service.ts";
