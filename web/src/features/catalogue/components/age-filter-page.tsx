import "../i18n.ts";
import {
  ageInYears,
  PAGE_TITLES,
  type Product,
  type ProductList,
  type ProductType,
  todayInBerlin,
  type Visitor,
} from "@atelier/contract";
import { keepPreviousData, type UseQueryResult, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { productListOptions } from "../api/products.ts";
import { parseAge } from "../catalogue-search.ts";
import { VatFootnote } from "./price-tag.tsx";
import { ProductCard, ProductGridSkeleton } from "./product-card.tsx";

const choiceRow =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3 py-2 has-[:checked]:border-orange-800 has-[:checked]:bg-orange-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-orange-800";
const choiceInput = "size-5 shrink-0 accent-orange-800";

/** What a family books for one child; school offers and gift cards are not chosen by a child's age. */
export const AGE_FILTER_TYPES: ProductType[] = [
  "Course",
  "Academy",
  "Workshop",
  "Event",
  "BirthdayParty",
  "SpecialOffer",
];

/** A saved child as the page offers it: the name, and the age today (Berlin's day) from the birth date. */
export function childAge(visitor: Pick<Visitor, "birth_date">, today: string = todayInBerlin()): number {
  return ageInYears(visitor.birth_date, today);
}

/** The saved children to pick from, and "another age" (D174). */
function ChildChoice({
  childrenList,
  chosen,
  otherChecked,
  onChildChange,
}: {
  childrenList: Visitor[];
  chosen: Visitor | undefined;
  otherChecked: boolean;
  onChildChange?: ((id: number | undefined) => void) | undefined;
}) {
  const { t } = useTranslation("catalogue");
  const choiceName = useId();
  return (
    <fieldset className="mt-8 max-w-xl min-w-0">
      <legend className="font-semibold text-slate-900">{t("ageFilter.childLegend")}</legend>
      <div className="mt-2 space-y-2">
        {childrenList.map((visitor) => (
          <label key={visitor.id} className={choiceRow}>
            <input
              type="radio"
              name={choiceName}
              className={choiceInput}
              checked={chosen?.id === visitor.id}
              onChange={() => onChildChange?.(visitor.id)}
            />
            <span className="min-w-0 break-words">
              <span className="font-semibold">{visitor.first_name}</span>
              {", "}
              {t("ageFilter.childAge", { count: childAge(visitor) })}
            </span>
          </label>
        ))}
        <label className={choiceRow}>
          <input
            type="radio"
            name={choiceName}
            className={choiceInput}
            checked={otherChecked}
            onChange={() => onChildChange?.(undefined)}
          />
          <span className="font-semibold">{t("ageFilter.otherAge")}</span>
        </label>
      </div>
    </fieldset>
  );
}

/** The offers for the age, grouped by type in the page's order. */
function AgeResults({
  age,
  child,
  query,
}: {
  age: number;
  child: Visitor | undefined;
  query: UseQueryResult<ProductList>;
}) {
  const { t } = useTranslation("catalogue");
  const groups = new Map<ProductType, Product[]>();
  for (const product of query.data?.results ?? []) {
    groups.set(product.product_type, [...(groups.get(product.product_type) ?? []), product]);
  }
  return (
    <section aria-labelledby="age-results" className="mt-10">
      <h2 id="age-results" className="text-2xl font-bold text-slate-900">
        {child
          ? t("ageFilter.resultsHeadingChild", {
              name: child.first_name,
              age: t("ageFilter.childAge", { count: age }),
            })
          : t("ageFilter.resultsHeading", { count: Number(age) })}
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
                    {/* Below its type's h3, itself below the results' h2: the outline nests. */}
                    <ProductCard product={product} headingLevel={4} />
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
        {groups.size > 0 ? <VatFootnote types={[...groups.keys()]} className="mt-6" /> : null}
      </div>
    </section>
  );
}

/**
 * /useAgeFilter: "find the right offer for my child" across all types (D174). A parent with saved children
 * picks one of them (the age follows from the birth date, kept in the URL as `child`); anyone else, or a
 * parent looking for another child, types an age (kept in the URL as `age`).
 */
export function AgeFilterPage({
  age: typedAge,
  onAgeChange,
  visitors,
  childId,
  onChildChange,
}: {
  age: number | undefined;
  onAgeChange: (age: number) => void;
  /** The signed-in parent's saved children; undefined for a guest or while they load. */
  visitors?: Visitor[] | undefined;
  /** The child chosen in the URL; undefined for "another age". */
  childId?: number | undefined;
  onChildChange?: ((id: number | undefined) => void) | undefined;
}) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  const inputId = useId();
  const children = visitors ?? [];
  const child = childId === undefined ? undefined : children.find((visitor) => visitor.id === childId);
  // A child named in the URL that is not (yet) in the list: its age is unknown until the list is there.
  const waitingForChild = childId !== undefined && child === undefined && visitors === undefined;
  const age = child ? childAge(child) : waitingForChild ? undefined : typedAge;
  const [value, setValue] = useState(typedAge === undefined ? "" : String(typedAge));
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setValue(typedAge === undefined ? "" : String(typedAge));
  }, [typedAge]);

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

  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">
        {PAGE_TITLES.useAgeFilter[locale]}
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-800">
        {children.length > 0 ? t("ageFilter.introChildren") : t("ageFilter.intro")}
      </p>
      {children.length > 0 ? (
        <ChildChoice
          childrenList={children}
          chosen={child}
          otherChecked={child === undefined && !waitingForChild}
          onChildChange={onChildChange}
        />
      ) : null}
      {child || waitingForChild ? null : (
        <form noValidate onSubmit={submit} className="mt-8 flex max-w-xl flex-wrap items-end gap-4">
          <div className="flex-1">
            <label htmlFor={inputId} className="font-semibold text-slate-900">
              {t("ageFilter.label")}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              // Text, not a number field: Chromium's number field in an English browser read a German
              // "7,5" as 75; as text, "7,5" and "7.5" are refused as not whole years.
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
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
      )}

      {age === undefined ? null : <AgeResults age={age} child={child} query={query} />}
    </Container>
  );
}
