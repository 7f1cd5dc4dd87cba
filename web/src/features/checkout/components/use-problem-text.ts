import { errorMessage } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../i18n/use-locale.ts";
import type { CheckoutProblem } from "../checkout-errors.ts";

/**
 * A checkout problem's words in the page's language. A gift card's part back on the card (D667) is said in
 * the contract's own text, kept once: what the parent needs to know is exactly what the server says.
 */
export function useProblemText() {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  return (problem: CheckoutProblem) =>
    problem === "giftCardReleased"
      ? errorMessage("reservation_expired_gift_card", locale)
      : t(`problems.${problem}`);
}
