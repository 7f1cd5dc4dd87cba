import "../i18n.ts";
import type { ProductType } from "@atelier/contract";
import { useRouter, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../i18n/use-locale.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { backToListHref } from "../back-to-list.ts";
import { LIST_PATH_OF_TYPE } from "../type-routes.ts";

/**
 * "Zurück zur Übersicht": a real link (new tab works) that navigates in the app on a plain click, to the list
 * the offer was opened from or its type's list, in the page's language.
 */
export function BackToListLink({ productType }: { productType: ProductType }) {
  const { t } = useTranslation("catalogue");
  const router = useRouter();
  const locale = useLocale();
  const fromList = useRouterState({ select: (state) => state.location.state.catalogueList });
  // The list kept in the history's state is the browser's alone (a reload keeps it, the server never sees
  // it): read after hydration, so the first render matches the server's and React keeps the filtered href.
  const hydrated = useHydrated();
  const href = backToListHref(hydrated ? fromList : undefined, LIST_PATH_OF_TYPE[productType], locale);
  return (
    <a
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        router.history.push(href);
      }}
      className="text-sm font-semibold text-orange-900 underline underline-offset-2"
    >
      {t("product.backToList")}
    </a>
  );
}
