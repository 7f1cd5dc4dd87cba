import "../i18n.ts";
import { type ContentPageKey, INTL_LOCALES, SCHOOL_TIME_ZONE } from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { Markdown } from "../../../components/ui/markdown.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { contentPageOptions } from "../api/content-pages.ts";

/** A content page from the API: title, Markdown body, date of the last change; `children` follow the text. */
export function ContentPageView({ pageKey, children }: { pageKey: ContentPageKey; children?: ReactNode }) {
  const { t } = useTranslation("content");
  const locale = useLocale();
  const query = useQuery({ ...contentPageOptions(locale, pageKey), placeholderData: keepPreviousData });

  if (query.isPending) {
    return (
      <Container className="py-12">
        <p role="status" className="sr-only">
          {t("loading")}
        </p>
        <div aria-hidden="true" className="max-w-3xl space-y-4">
          <div className="h-10 w-2/3 rounded bg-slate-200" />
          <div className="h-4 w-full rounded bg-slate-200" />
          <div className="h-4 w-full rounded bg-slate-200" />
          <div className="h-4 w-5/6 rounded bg-slate-200" />
          <div className="h-4 w-full rounded bg-slate-200" />
          <div className="h-4 w-3/4 rounded bg-slate-200" />
        </div>
      </Container>
    );
  }
  if (query.isError) {
    return (
      <Container className="py-12">
        <h1 className="text-3xl font-extrabold text-slate-900">{t("loadError")}</h1>
        <button type="button" onClick={() => void query.refetch()} className={`${buttonStyles.primary} mt-6`}>
          {t("retry")}
        </button>
      </Container>
    );
  }
  const page = query.data;
  const updated = new Date(page.updated_at);
  return (
    <Container className="py-12">
      <article className="max-w-3xl">
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{page.title}</h1>
        <Markdown source={page.body} className="mt-6" />
        {Number.isNaN(updated.getTime()) ? null : (
          <p className="mt-10 text-sm text-slate-700">
            {t("updatedAt", {
              // The school's day, on the server's render and in every browser alike.
              date: new Intl.DateTimeFormat(INTL_LOCALES[locale], {
                dateStyle: "long",
                timeZone: SCHOOL_TIME_ZONE,
              }).format(updated),
            })}
          </p>
        )}
      </article>
      {children}
    </Container>
  );
}
