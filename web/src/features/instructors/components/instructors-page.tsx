import "../i18n.ts";
import { PAGE_TITLES } from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { instructorsOptions } from "../api/instructors.ts";

/** /instructors: the team, each with photo, job and subject, linking to their profile. */
export function InstructorsPage() {
  const { t } = useTranslation("content");
  const locale = useLocale();
  const query = useQuery({ ...instructorsOptions(locale), placeholderData: keepPreviousData });
  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">
        {PAGE_TITLES.instructors[locale]}
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-800">{t("instructors.intro")}</p>
      {query.isPending ? (
        <>
          <p role="status" className="sr-only">
            {t("loading")}
          </p>
          <ul aria-hidden="true" className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 8 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
              <li key={index} className="rounded-2xl border border-slate-200 p-5">
                <div className="mx-auto size-32 rounded-full bg-slate-200" />
                <div className="mx-auto mt-4 h-5 w-2/3 rounded bg-slate-200" />
                <div className="mx-auto mt-2 h-4 w-1/2 rounded bg-slate-200" />
              </li>
            ))}
          </ul>
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
      ) : query.data.length === 0 ? (
        <p className="mt-8 text-slate-800">{t("instructors.empty")}</p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {query.data.map((instructor, index) => (
            <li
              key={instructor.id}
              className="relative rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm focus-within:ring-2 focus-within:ring-orange-800 hover:shadow-md"
            >
              {instructor.photo ? (
                <img
                  src={instructor.photo}
                  alt=""
                  width={128}
                  height={128}
                  loading={index < 4 ? "eager" : "lazy"}
                  decoding="async"
                  className="mx-auto size-32 rounded-full"
                />
              ) : null}
              <h2 className="mt-4 text-lg font-bold text-slate-900">
                <Link
                  to="/instructor/$id"
                  params={{ id: instructor.slug }}
                  className="after:absolute after:inset-0 focus:outline-none"
                >
                  {instructor.first_name} {instructor.last_name}
                </Link>
              </h2>
              <p className="text-slate-800">{instructor.job}</p>
              <p className="text-sm text-slate-700">{instructor.subject}</p>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
