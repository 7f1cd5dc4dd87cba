import "../i18n.ts";
import { PAGE_TITLES, type Product, type ProductType } from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { allProductsOptions } from "../api/products.ts";
import { optionPrice, vatNoteKey } from "../pricing.ts";

const TYPE_ORDER: ProductType[] = [
  "Course",
  "Academy",
  "Workshop",
  "Event",
  "BirthdayParty",
  "SchoolOffer",
  "SpecialOffer",
  "GiftCard",
];

/** /prices: every purchase option of every offer in one table per type (grey page set by the layout). */
export function PricesPage() {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  const query = useQuery({ ...allProductsOptions(locale), placeholderData: keepPreviousData });
  const byType = new Map<ProductType, Product[]>();
  for (const product of query.data ?? []) {
    if (product.purchase_options.length === 0) continue;
    byType.set(product.product_type, [...(byType.get(product.product_type) ?? []), product]);
  }

  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{PAGE_TITLES.prices[locale]}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-800">{t("prices.intro")}</p>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t("prices.note")}</p>
      {query.isPending ? (
        <>
          <p role="status" className="sr-only">
            {t("loading")}
          </p>
          <div aria-hidden="true" className="mt-8 space-y-3">
            {Array.from({ length: 8 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
              <div key={index} className="h-12 rounded-xl bg-white" />
            ))}
          </div>
        </>
      ) : query.isError ? (
        <div role="alert" className="mt-8">
          <p className="text-slate-800">{t("loadError")}</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className={`${buttonStyles.secondary} mt-4`}
          >
            {t("retry")}
          </button>
        </div>
      ) : (
        TYPE_ORDER.filter((type) => byType.has(type)).map((type) => (
          <section key={type} aria-labelledby={`prices-${type}`} className="mt-10">
            <h2 id={`prices-${type}`} className="text-2xl font-bold text-slate-900">
              {t(`typesPlural.${type}`)}
            </h2>
            <p className="text-sm text-slate-700">{t(vatNoteKey(type))}</p>
            {/* A list, not a table: on a phone a three-column table pushed the prices out of view. */}
            <ul className="mt-4 space-y-3">
              {(byType.get(type) ?? []).map((product) => (
                <li key={product.id} className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
                  <h3 className="font-semibold">
                    <Link
                      to="/product/$id"
                      params={{ id: product.slug }}
                      className="text-slate-900 underline underline-offset-2 hover:text-orange-900"
                    >
                      {product.name}
                    </Link>
                  </h3>
                  <dl className="mt-2 divide-y divide-slate-100">
                    {product.purchase_options.map((option) => {
                      const price = optionPrice(option, locale);
                      return (
                        <div
                          key={option.id}
                          data-testid="price-row"
                          className="flex items-baseline justify-between gap-4 py-2"
                        >
                          <dt className="min-w-0 text-slate-800">{option.name}</dt>
                          <dd className="shrink-0 text-right font-semibold whitespace-nowrap text-slate-900">
                            {price.monthly ? t("perMonth", { price: price.amount }) : price.amount}
                          </dd>
                        </div>
                      );
                    })}
                  </dl>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Container>
  );
}
