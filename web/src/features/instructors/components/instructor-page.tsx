import "../i18n.ts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { Markdown } from "../../../components/ui/markdown.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { instructorOptions } from "../api/instructors.ts";

/** /instructor/{id}: photo, job, biography and the offers this instructor teaches. */
export function InstructorPage({ id }: { id: string }) {
  const { t } = useTranslation("content");
  const { t: tc } = useTranslation("catalogue");
  const locale = useLocale();
  const query = useQuery({ ...instructorOptions(locale, id), placeholderData: keepPreviousData });
  usePageTitle(query.data ? `${query.data.first_name} ${query.data.last_name}` : undefined);

  if (query.isPending) {
    return (
      <Container className="py-12">
        <p role="status" className="sr-only">
          {t("loading")}
        </p>
        <div aria-hidden="true" className="flex flex-col gap-8 sm:flex-row">
          <div className="size-48 shrink-0 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-3">
            <div className="h-10 w-1/2 rounded bg-slate-200" />
            <div className="h-5 w-1/3 rounded bg-slate-200" />
            <div className="h-4 w-full rounded bg-slate-200" />
            <div className="h-4 w-5/6 rounded bg-slate-200" />
          </div>
        </div>
      </Container>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Container className="py-12">
        <h1 className="text-3xl font-extrabold text-slate-900">
          {notFound ? t("instructors.notFoundHeading") : t("loadError")}
        </h1>
        {notFound ? <p className="mt-4 text-lg text-slate-800">{t("instructors.notFoundText")}</p> : null}
        <Link to="/instructors" className={`${buttonStyles.secondary} mt-6`}>
          {t("instructors.all")}
        </Link>
      </Container>
    );
  }
  const instructor = query.data;
  const name = `${instructor.first_name} ${instructor.last_name}`;
  return (
    <Container className="py-12">
      <Link to="/instructors" className="text-sm font-semibold text-orange-900 underline underline-offset-2">
        {t("instructors.all")}
      </Link>
      <div className="mt-6 flex flex-col gap-8 sm:flex-row sm:items-start">
        {instructor.photo ? (
          <img
            src={instructor.photo}
            alt=""
            width={192}
            height={192}
            className="size-48 shrink-0 rounded-full"
          />
        ) : null}
        <div className="max-w-3xl">
          <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{name}</h1>
          <p className="mt-2 text-lg font-semibold text-orange-900">{instructor.job}</p>
          <p className="text-slate-700">{instructor.subject}</p>
          <Markdown source={instructor.bio} className="mt-6" />
        </div>
      </div>
      <section aria-labelledby="instructor-offers" className="mt-12">
        <h2 id="instructor-offers" className="text-2xl font-bold text-slate-900">
          {t("instructors.offers", { name: instructor.first_name })}
        </h2>
        {instructor.products.length === 0 ? (
          <p className="mt-4 text-slate-800">{t("instructors.noOffers", { name: instructor.first_name })}</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {instructor.products.map((product) => (
              <li
                key={product.id}
                className="relative rounded-2xl border border-slate-200 p-5 focus-within:ring-2 focus-within:ring-orange-800 hover:shadow-md"
              >
                <p className="text-sm font-semibold text-orange-900">{tc(`types.${product.product_type}`)}</p>
                <h3 className="mt-1 text-lg font-bold text-slate-900">
                  <Link
                    to="/product/$id"
                    params={{ id: product.slug }}
                    className="after:absolute after:inset-0 focus:outline-none"
                  >
                    {product.name}
                  </Link>
                </h3>
                <p className="mt-1 text-slate-800">{product.summary}</p>
                <p className="mt-2 text-sm text-slate-700">
                  {tc(`ageGroups.${product.age_group}`)} · {tc(`languages.${product.language}`)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Container>
  );
}
