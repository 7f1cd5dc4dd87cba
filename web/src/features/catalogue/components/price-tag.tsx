import "../i18n.ts";
import type { ProductType } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { type PriceParts, vatNoteKey } from "../pricing.ts";

/**
 * A price with "ab"/"от" and "/ Monat". PAngV: every price states the final price or the VAT exemption;
 * on a list that note is a footnote (`*`, see VatFootnote) so it is given once per page, not per card.
 */
export function PriceTag({
  price,
  type,
  className = "",
  noteClassName = "block text-xs text-slate-700",
  footnote = false,
}: {
  price: PriceParts;
  type: ProductType;
  className?: string;
  noteClassName?: string;
  footnote?: boolean;
}) {
  const { t } = useTranslation("catalogue");
  const amount = price.monthly ? t("perMonth", { price: price.amount }) : price.amount;
  return (
    <span className={className}>
      <span className="font-bold text-slate-900">
        {price.from ? t("priceFrom", { price: amount }) : amount}
        {footnote ? <span aria-hidden="true">*</span> : null}
      </span>
      {footnote ? null : <span className={noteClassName}>{t(vatNoteKey(type))}</span>}
    </span>
  );
}

/** The footnote of a list's prices: the VAT note of each kind of offer on the page, once. */
export function VatFootnote({
  types,
  className = "",
}: {
  types: readonly ProductType[];
  className?: string;
}) {
  const { t } = useTranslation("catalogue");
  const byNote = new Map<ReturnType<typeof vatNoteKey>, ProductType[]>();
  for (const type of types) byNote.set(vatNoteKey(type), [...(byNote.get(vatNoteKey(type)) ?? []), type]);
  return (
    <div className={`text-sm text-slate-700 ${className}`}>
      {[...byNote].map(([note, ofNote]) => (
        <p key={note}>
          {"* "}
          {byNote.size > 1 ? `${ofNote.map((type) => t(`typesPlural.${type}`)).join(", ")}: ` : null}
          {t(note)}
        </p>
      ))}
    </div>
  );
}
