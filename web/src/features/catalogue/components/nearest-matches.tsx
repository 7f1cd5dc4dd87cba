import "../i18n.ts";
import type { ProductType } from "@atelier/contract";
import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { productListOptions } from "../api/products.ts";
import { type CatalogueSearch, productListQuery } from "../catalogue-search.ts";

type FilterKey = keyof CatalogueSearch;

/** The filters a parent most likely set too tight, in the order they are offered to drop. */
const RELAXABLE: readonly FilterKey[] = [
  "language",
  "age_group",
  "weekday",
  "category",
  "location",
  "product_type",
];

const LABEL_KEYS = {
  language: "filters.language",
  age_group: "filters.ageGroup",
  weekday: "filters.weekday",
  category: "filters.category",
  location: "filters.location",
  product_type: "filters.type",
} as const satisfies Record<FilterKey, string>;

/**
 * An empty list's way out: for each filter that is set, how many offers the list would show without it,
 * and a button that drops just that filter. Filters whose removal still finds nothing are not offered.
 */
export function NearestMatches({
  types,
  search,
  onSearchChange,
}: {
  types: readonly ProductType[];
  search: CatalogueSearch;
  onSearchChange: (search: CatalogueSearch) => void;
}) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  const keys = RELAXABLE.filter((key) => search[key] !== undefined);
  const relaxed = keys.map((key) => ({ ...search, [key]: undefined }) as CatalogueSearch);
  const counts = useQueries({
    queries: relaxed.map((without) =>
      productListOptions(locale, { ...productListQuery(types, without), page_size: 1 }),
    ),
  });
  const offers = keys
    .map((key, index) => ({ key, search: relaxed[index], count: counts[index]?.data?.count ?? 0 }))
    .filter((offer) => offer.count > 0);
  if (offers.length === 0) return null;
  return (
    <div className="mt-6">
      <p className="font-semibold text-slate-900">{t("nearest.heading")}</p>
      <ul className="mt-3 flex flex-wrap justify-center gap-3">
        {offers.map((offer) => (
          <li key={offer.key}>
            <button
              type="button"
              onClick={() => onSearchChange(offer.search ?? {})}
              className={buttonStyles.secondary}
            >
              {t("nearest.without", { filter: t(LABEL_KEYS[offer.key]), count: offer.count })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
