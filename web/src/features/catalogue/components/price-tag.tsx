import "../i18n.ts";
import type { ProductType } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { type PriceParts, vatNoteKey } from "../pricing.ts";

/** A price with "ab"/"от", "/ Monat" and its VAT note (PAngV: final price or the exemption stated). */
export function PriceTag({
  price,
  type,
  className = "",
  noteClassName = "block text-xs text-slate-700",
}: {
  price: PriceParts;
  type: ProductType;
  className?: string;
  noteClassName?: string;
}) {
  const { t } = useTranslation("catalogue");
  const amount = price.monthly ? t("perMonth", { price: price.amount }) : price.amount;
  return (
    <span className={className}>
      <span className="font-bold text-slate-900">
        {price.from ? t("priceFrom", { price: amount }) : amount}
      </span>
      <span className={noteClassName}>{t(vatNoteKey(type))}</span>
    </span>
  );
}
