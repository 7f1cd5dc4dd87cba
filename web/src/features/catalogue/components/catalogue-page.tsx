import "../i18n.ts";
import { PAGE_TITLES, type ProductType } from "@atelier/contract";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { productListInfiniteOptions } from "../api/products.ts";
import { type CatalogueSearch, hasFilters } from "../catalogue-search.ts";
import { ALL_FILTER_FIELDS, CatalogueFilters, type FilterField } from "./catalogue-filters.tsx";
import { NearestMatches } from "./nearest-matches.tsx";
import { VatFootnote } from "./price-tag.tsx";
import { ProductCard, ProductGridSkeleton } from "./product-card.tsx";

export type CataloguePageKey =
  | "courses"
  | "academies"
  | "workshops"
  | "events"
  | "schoolOffer"
  | "specialOffer"
  | "birthdayParties"
  | "giftcards";

/** A catalogue list: title, filters kept in the URL, the cards, "load more", loading and empty states. */
export function CataloguePage({
  pageKey,
  types,
  search,
  onSearchChange,
  showFilters = true,
  filters = ALL_FILTER_FIELDS,
  children,
}: {
  pageKey: CataloguePageKey;
  types: readonly ProductType[];
  search: CatalogueSearch;
  onSearchChange: (search: CatalogueSearch) => void;
  /** Gift cards are not chosen by age or language: their page shows no filters. */
  showFilters?: boolean;
  /** Which filters the page offers; the weekday is offered only where weekly courses are listed. */
  filters?: readonly FilterField[];
  /** More about the offers (e.g. the school offers' content page), after the list. */
  children?: ReactNode;
}) {
  const { t } = useTranslation("catalogue");
  // A button of the empty list (reset, a nearest match) goes with the list it changes: the focus moves to the
  // count of offers found, which says what the change brought (D627).
  const countRef = useRef<HTMLParagraphElement>(null);
  const searchAndCount = (next: CatalogueSearch) => {
    onSearchChange(next);
    countRef.current?.focus();
  };
  const locale = useLocale();
  const query = useInfiniteQuery({
    ...productListInfiniteOptions(locale, types, search),
    // While a new filter loads, the old list stays (dimmed) instead of collapsing to a skeleton.
    placeholderData: keepPreviousData,
  });
  const products = query.data?.pages.flatMap((page) => page.results) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;
  // Weekly slots exist for courses only; the weekday filter is offered where it can match.
  const showWeekday = types.includes("Course");

  return (
    <Container className="py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{PAGE_TITLES[pageKey][locale]}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-800">{t(`intro.${pageKey}`)}</p>
      {showFilters ? (
        <div className="mt-8">
          <CatalogueFilters
            search={search}
            types={types}
            fields={showWeekday ? filters : filters.filter((field) => field !== "weekday")}
            onChange={onSearchChange}
          />
        </div>
      ) : null}
      <p
        ref={countRef}
        role="status"
        tabIndex={-1}
        className="mt-6 min-h-6 font-semibold text-slate-800 focus:outline-none"
      >
        {query.isPending ? t("loading") : query.isSuccess ? t("resultCount", { count }) : ""}
      </p>
      <div className="mt-4" aria-busy={query.isFetching}>
        {query.isPending ? (
          <ProductGridSkeleton />
        ) : query.isError && products.length === 0 ? (
          <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900">
            <p>{t("loadError")}</p>
            <button
              type="button"
              onClick={() => void query.refetch()}
              className={`${buttonStyles.secondary} mt-4`}
            >
              {t("retry")}
            </button>
          </div>
        ) : products.length === 0 ? (
          <EmptyResults types={types} search={search} onSearchChange={searchAndCount} />
        ) : (
          <ul
            className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${query.isPlaceholderData ? "opacity-60" : ""}`}
          >
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} eager={index < 3} />
              </li>
            ))}
          </ul>
        )}
        {products.length > 0 ? (
          <VatFootnote types={[...new Set(products.map((p) => p.product_type))]} className="mt-6" />
        ) : null}
        {query.hasNextPage ? (
          <div className="mt-8 text-center">
            <button
              type="button"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              className={buttonStyles.secondary}
            >
              {query.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
            </button>
          </div>
        ) : null}
      </div>
      {children ? <div className="mt-16">{children}</div> : null}
    </Container>
  );
}

/** No offer found: with filters, the nearest matches and the reset (each moves the focus to the count). */
function EmptyResults({
  types,
  search,
  onSearchChange,
}: {
  types: readonly ProductType[];
  search: CatalogueSearch;
  onSearchChange: (search: CatalogueSearch) => void;
}) {
  const { t } = useTranslation("catalogue");
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center">
      <h2 className="text-xl font-bold text-slate-900">{t("emptyHeading")}</h2>
      <p className="mt-2 text-slate-800">{hasFilters(search) ? t("emptyText") : t("emptyNoFilters")}</p>
      {hasFilters(search) ? (
        <>
          <NearestMatches types={types} search={search} onSearchChange={onSearchChange} />
          <button
            type="button"
            onClick={() => onSearchChange({})}
            className={`${buttonStyles.ghost} mt-4 underline`}
          >
            {t("filters.reset")}
          </button>
        </>
      ) : null}
    </div>
  );
}
