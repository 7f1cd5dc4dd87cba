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
            <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm">
              <table className="w-full min-w-[36rem] text-left">
                <caption className="sr-only">
                  {t("prices.caption", { type: t(`typesPlural.${type}`) })}
                </caption>
                <thead className="border-b border-slate-200 text-sm text-slate-700">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      {t("prices.offer")}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t("prices.option")}
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      {t("prices.price")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(byType.get(type) ?? []).flatMap((product) =>
                    product.purchase_options.map((option, index) => {
                      const price = optionPrice(option, locale);
                      return (
                        <tr key={option.id} className="border-b border-slate-100 last:border-0">
                          {index === 0 ? (
                            <th
                              scope="row"
                              rowSpan={product.purchase_options.length}
                              className="px-4 py-3 align-top font-semibold"
                            >
                              <Link
                                to="/product/$id"
                                params={{ id: product.slug }}
                                className="text-slate-900 underline underline-offset-2 hover:text-orange-900"
                              >
                                {product.name}
                              </Link>
                            </th>
                          ) : null}
                          <td className="px-4 py-3 text-slate-800">{option.name}</td>
                          <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-slate-900">
                            {price.monthly ? t("perMonth", { price: price.amount }) : price.amount}
                          </td>
                        </tr>
                      );
                    }),
                  )}
                </tbody>
              </table>
            </div>
          </section>
        ))
      )}
    </Container>
  );
}
