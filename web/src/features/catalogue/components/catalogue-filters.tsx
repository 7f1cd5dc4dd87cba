import "../i18n.ts";
import {
  instructionLanguagesMatching,
  isParentLanguage,
  PARENT_LANGUAGES,
  type ProductType,
} from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { housesOptions } from "../../../lib/houses.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { categoriesOptions, productListOptions } from "../api/products.ts";
import {
  AGE_GROUP_VALUES,
  type CatalogueSearch,
  hasFilters,
  productListQuery,
  WEEKDAY_VALUES,
} from "../catalogue-search.ts";
import { weekdayName } from "../format.ts";

const selectClass =
  "mt-1 block w-full rounded-xl border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-orange-800 focus:outline-none focus:ring-2 focus:ring-orange-800";

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string | undefined) => void;
  children: React.ReactNode;
}) {
  const id = useId();
  const { t } = useTranslation("catalogue");
  const hydrated = useHydrated();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value || undefined)}
        disabled={!hydrated}
        className={selectClass}
      >
        <option value="">{t("filters.any")}</option>
        {children}
      </select>
    </div>
  );
}

export type FilterField = "age_group" | "language" | "category" | "location" | "weekday";
export const ALL_FILTER_FIELDS: readonly FilterField[] = [
  "age_group",
  "language",
  "category",
  "location",
  "weekday",
];

/**
 * The age groups the page's offers have (issue 32 item 10): a workshop list offers "8–11 Jahre" only when a
 * workshop is for that age. Until the offers are read (or when there are more than one page of them) every
 * group is offered; a group chosen by an old link stays, and says that it has no offers.
 */
function useOfferedAgeGroups(types: readonly ProductType[]) {
  const locale = useLocale();
  const all = useQuery(productListOptions(locale, { ...productListQuery(types, {}), page_size: 100 }));
  const results = all.data?.results;
  if (!results || (all.data?.count ?? 0) > results.length) return null;
  return new Set<string>(results.map((product) => product.age_group));
}

/** The age filter: the ages the page's offers have, and one an old link chose. */
function AgeGroupFilter({
  types,
  value,
  onChange,
}: {
  types: readonly ProductType[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation("catalogue");
  const offered = useOfferedAgeGroups(types);
  return (
    <FilterSelect label={t("filters.ageGroup")} value={value ?? ""} onChange={onChange}>
      {AGE_GROUP_VALUES.filter((group) => !offered || offered.has(group) || group === value).map((group) => (
        <option key={group} value={group}>
          {offered && !offered.has(group)
            ? t("filters.ageGroupEmpty", { group: t(`ageGroups.${group}`) })
            : t(`ageGroups.${group}`)}
        </option>
      ))}
    </FilterSelect>
  );
}

/** The languages a parent thinks in; bilingual offers are found under each (decision D30). */
function LanguageFilter({
  value,
  onChange,
}: {
  value: CatalogueSearch["language"];
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation("catalogue");
  return (
    <FilterSelect label={t("filters.language")} value={value ?? ""} onChange={onChange}>
      {PARENT_LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {t(`languages.${language}`)}
        </option>
      ))}
      {value && !isParentLanguage(value) ? <option value={value}>{t(`languages.${value}`)}</option> : null}
    </FilterSelect>
  );
}

/** The school's houses; one an old link chose that no longer exists stays as "Gewähltes Haus". */
function HouseFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  const houses = useQuery(housesOptions(locale));
  return (
    <FilterSelect
      label={t("filters.location")}
      value={value === undefined ? "" : String(value)}
      onChange={(chosen) => onChange(chosen === undefined ? undefined : Number(chosen))}
    >
      {(houses.data ?? []).map((house) => (
        <option key={house.id} value={house.id}>
          {house.name}
        </option>
      ))}
      {value !== undefined && !houses.data?.some((h) => h.id === value) ? (
        <option value={value}>{t("filters.locationChosen")}</option>
      ) : null}
    </FilterSelect>
  );
}

/** Filters of a catalogue list; every change goes straight into the URL. */
export function CatalogueFilters({
  search,
  types,
  fields,
  onChange,
}: {
  search: CatalogueSearch;
  types: readonly ProductType[];
  /** The filters that make sense for the page's offers (a party is not chosen by subject). */
  fields: readonly FilterField[];
  onChange: (search: CatalogueSearch) => void;
}) {
  const show = (field: FilterField) => fields.includes(field);
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  const categories = useQuery({ ...categoriesOptions(locale), enabled: fields.includes("category") });
  const set = (patch: Partial<CatalogueSearch>) => onChange({ ...search, ...patch });
  // The reset button goes once nothing is filtered: the focus moves to the first filter, not to the page (D627).
  const filtersRef = useRef<HTMLElement>(null);
  const reset = () => {
    onChange({});
    filtersRef.current?.querySelector("select")?.focus();
  };

  return (
    <search ref={filtersRef} className="rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <h2 className="sr-only">{t("filters.heading")}</h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-6 lg:items-end">
        {types.length > 1 ? (
          <FilterSelect
            label={t("filters.type")}
            value={search.product_type ?? ""}
            onChange={(value) => set({ product_type: value as ProductType | undefined })}
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`typesPlural.${type}`)}
              </option>
            ))}
          </FilterSelect>
        ) : null}
        {show("age_group") ? (
          <AgeGroupFilter
            types={types}
            value={search.age_group}
            onChange={(value) => set({ age_group: value as CatalogueSearch["age_group"] })}
          />
        ) : null}
        {show("language") ? (
          <LanguageFilter
            value={search.language}
            onChange={(value) => set({ language: value as CatalogueSearch["language"] })}
          />
        ) : null}
        {show("category") ? (
          <FilterSelect
            label={t("filters.category")}
            value={search.category ?? ""}
            onChange={(value) => set({ category: value })}
          >
            {(categories.data ?? []).map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
            {search.category && !categories.data?.some((c) => c.slug === search.category) ? (
              <option value={search.category}>{search.category}</option>
            ) : null}
          </FilterSelect>
        ) : null}
        {show("location") ? (
          <HouseFilter value={search.location} onChange={(location) => set({ location })} />
        ) : null}
        {show("weekday") ? (
          <FilterSelect
            label={t("filters.weekday")}
            value={search.weekday === undefined ? "" : String(search.weekday)}
            onChange={(value) => set({ weekday: value === undefined ? undefined : Number(value) })}
          >
            {WEEKDAY_VALUES.map((weekday) => (
              <option key={weekday} value={weekday}>
                {weekdayName(weekday, locale)}
              </option>
            ))}
          </FilterSelect>
        ) : null}
        {hasFilters(search) ? (
          <button type="button" onClick={reset} className={`${buttonStyles.ghost} underline`}>
            {t("filters.reset")}
          </button>
        ) : null}
      </div>
      {search.language && isParentLanguage(search.language) ? (
        <p className="mt-3 text-sm text-slate-800">
          {t("filters.languageIncludes", {
            languages: instructionLanguagesMatching(search.language)
              .filter((code) => code !== search.language && code !== "bi")
              .map((code) => t(`languages.${code}`))
              .join(", "),
          })}
        </p>
      ) : null}
    </search>
  );
}
