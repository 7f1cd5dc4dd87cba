import "../i18n.ts";
import {
  NUMBER_INPUT_MAX,
  NUMBER_INPUT_MIN,
  PAGE_TITLES,
  type Product,
  type ProductType,
} from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { productListOptions } from "../api/products.ts";
import { parseAge } from "../catalogue-search.ts";
import { VatFootnote } from "./price-tag.tsx";
import { ProductCard, ProductGridSkeleton } from "./product-card.tsx";

/** What a family books for one child; school offers and gift cards are not chosen by a child's age. */
export const AGE_FILTER_TYPES: ProductType[] = [
  "Course",
  "Academy",
  "Workshop",
  "Event",
  "BirthdayParty",
  "SpecialOffer",
];

/** /useAgeFilter: "find the right offer for my child" by age, across all types; the age is kept in the URL. */
export function AgeFilterPage({
  age,
  onAgeChange,
}: {
  age: number | undefined;
  onAgeChange: (age: number) => void;
}) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  const inputId = useId();
  const [value, setValue] = useState(age === undefined ? "" : String(age));
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setValue(age === undefined ? "" : String(age));
  }, [age]);

  const query = useQuery({
    ...productListOptions(locale, { age, product_type: AGE_FILTER_TYPES.join(",") }),
    enabled: age !== undefined,
    placeholderData: keepPreviousData,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAge(value);
    if (parsed === undefined) {
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    onAgeChange(parsed);
  };

  const groups = new Map<ProductType, Product[]>();
  for (const product of query.data?.results ?? []) {
    groups.set(product.product_type, [...(groups.get(product.product_type) ?? []), product]);
  }

  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">
        {PAGE_TITLES.useAgeFilter[locale]}
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-800">{t("ageFilter.intro")}</p>
      <form noValidate onSubmit={submit} className="mt-8 flex max-w-xl flex-wrap items-end gap-4">
        <div className="flex-1">
          <label htmlFor={inputId} className="font-semibold text-slate-900">
            {t("ageFilter.label")}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="number"
            inputMode="numeric"
            min={NUMBER_INPUT_MIN}
            max={NUMBER_INPUT_MAX}
            step={1}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={`${inputId}-hint${invalid ? ` ${inputId}-error` : ""}`}
            className="mt-1 block w-full rounded-xl border border-slate-400 px-3 py-2 text-lg focus:border-orange-800 focus:outline-none focus:ring-2 focus:ring-orange-800 aria-[invalid]:border-red-700"
          />
          <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-700">
            {t("ageFilter.hint")}
          </p>
        </div>
        <button type="submit" className={`${buttonStyles.primary} mb-6`}>
          {t("ageFilter.submit")}
        </button>
        <p id={`${inputId}-error`} role="alert" className="w-full font-semibold text-red-800 empty:hidden">
          {invalid ? t("ageFilter.invalid") : ""}
        </p>
      </form>

      {age === undefined ? null : (
        <section aria-labelledby="age-results" className="mt-10">
          <h2 id="age-results" className="text-2xl font-bold text-slate-900">
            {t("ageFilter.resultsHeading", { age })}
          </h2>
          <p role="status" className="mt-2 min-h-6 text-slate-800">
            {query.isPending
              ? t("loading")
              : query.isSuccess
                ? t("resultCount", { count: query.data.count })
                : ""}
          </p>
          <div className="mt-4">
            {query.isPending ? (
              <ProductGridSkeleton count={3} />
            ) : query.isError ? (
              <p role="alert" className="text-red-900">
                {t("loadError")}
              </p>
            ) : groups.size === 0 ? (
              <p className="text-slate-800">{t("ageFilter.empty")}</p>
            ) : (
              AGE_FILTER_TYPES.filter((type) => groups.has(type)).map((type) => (
                <div key={type} className="mt-8 first:mt-0">
                  <h3 className="text-xl font-bold text-slate-900">{t(`typesPlural.${type}`)}</h3>
                  <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                    {(groups.get(type) ?? []).map((product) => (
                      <li key={product.id}>
                        <ProductCard product={product} headingLevel={3} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))
            )}
            {groups.size > 0 ? <VatFootnote types={[...groups.keys()]} className="mt-6" /> : null}
          </div>
        </section>
      )}
    </Container>
  );
}
