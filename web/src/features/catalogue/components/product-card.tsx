import "../i18n.ts";
import type { Product } from "@atelier/contract";
import { Link, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../i18n/use-locale.ts";
import { useCarriedChild } from "../../../lib/child-search.ts";
import { productPrice } from "../pricing.ts";
import { NextSessionLine } from "./next-session.tsx";
import { PriceTag } from "./price-tag.tsx";

/**
 * One offer in a list: image, type, name, summary, age, language, when and price ("*": the page's VAT
 * footnote); the whole card links to it and remembers the list, filters included, for the way back.
 */
export function ProductCard({
  product,
  eager = false,
  headingLevel = 2,
}: {
  product: Product;
  eager?: boolean;
  /** The card's heading sits one level below the heading of its part of the page (same look at every level). */
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = (["h2", "h3", "h4"] as const)[headingLevel - 2] ?? "h2";
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  const price = productPrice(product, locale);
  const image = product.title_image;
  const listHref = useRouterState({ select: (state) => state.location.href });
  // On "find an offer for my child" the chosen child goes on to the offer and its booking form (D192).
  const carried = useCarriedChild();
  // A voucher has no age group, language or place (as its own page says, D496): those chips only misled.
  const voucher = product.product_type === "GiftCard";
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-orange-800 hover:shadow-md">
      <div className="aspect-[3/2] bg-slate-100">
        {image ? (
          <img
            src={image.src}
            alt=""
            width={image.width}
            height={image.height}
            loading={eager ? "eager" : "lazy"}
            // The first cards above the fold are the page's largest paint: fetch them first.
            fetchPriority={eager ? "high" : "auto"}
            decoding={eager ? "sync" : "async"}
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm font-semibold text-orange-900">{t(`types.${product.product_type}`)}</p>
        <Heading className="text-xl font-bold text-slate-900">
          <Link
            to="/product/$id"
            params={{ id: product.slug }}
            search={carried}
            state={{ catalogueList: listHref }}
            className="after:absolute after:inset-0 focus:outline-none"
          >
            {product.name}
          </Link>
        </Heading>
        <p className="text-slate-800">{product.summary}</p>
        <ul className="mt-auto flex flex-wrap gap-2 pt-2 text-sm">
          {voucher ? null : (
            <>
              <li className="rounded-full bg-slate-100 px-3 py-1 text-slate-800">
                {t(`ageGroups.${product.age_group}`)}
              </li>
              <li className="rounded-full bg-slate-100 px-3 py-1 text-slate-800">
                {t(`languages.${product.language}`)}
              </li>
            </>
          )}
          {product.category_name ? (
            <li className="rounded-full bg-slate-100 px-3 py-1 text-slate-800">{product.category_name}</li>
          ) : null}
        </ul>
        {product.house && !voucher ? (
          <p className="text-sm text-slate-800">{t("house", { name: product.house.name })}</p>
        ) : null}
        <NextSessionLine product={product} className="text-sm font-semibold text-slate-900" />
        {price ? <PriceTag price={price} type={product.product_type} className="pt-1" footnote /> : null}
      </div>
    </article>
  );
}

/** Placeholder cards of the same size while a list loads, so nothing jumps when it arrives. */
export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <li key={index} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
          <div className="aspect-[3/2] animate-pulse bg-slate-200 motion-reduce:animate-none" />
          <div className="space-y-3 p-5">
            <div className="h-4 w-1/3 rounded bg-slate-200" />
            <div className="h-6 w-2/3 rounded bg-slate-200" />
            <div className="h-4 w-full rounded bg-slate-200" />
            <div className="h-4 w-5/6 rounded bg-slate-200" />
            <div className="h-8 w-1/2 rounded bg-slate-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}
