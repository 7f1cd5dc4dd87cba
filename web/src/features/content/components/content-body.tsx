import "../i18n.ts";
import type { ContentPageKey } from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Markdown } from "../../../components/ui/markdown.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { contentPageOptions } from "../api/content-pages.ts";

/** Only the text of a content page, for a page that has its own title (e.g. the school offers list). */
export function ContentBody({ pageKey }: { pageKey: ContentPageKey }) {
  const locale = useLocale();
  const query = useQuery({ ...contentPageOptions(locale, pageKey), placeholderData: keepPreviousData });
  if (query.isError) return null;
  if (query.isPending) {
    return (
      <div aria-hidden="true" className="max-w-3xl space-y-3">
        <div className="h-7 w-1/2 rounded bg-slate-200" />
        <div className="h-4 w-full rounded bg-slate-200" />
        <div className="h-4 w-5/6 rounded bg-slate-200" />
      </div>
    );
  }
  return <Markdown source={query.data.body} className="max-w-3xl" />;
}
