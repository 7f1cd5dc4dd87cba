import { PAGE_TITLES } from "@atelier/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Container } from "../../../components/ui/container.tsx";
import type { resources } from "../../../i18n/resources.ts";
import { useLocale } from "../../../i18n/use-locale.ts";

export type PlaceholderKey = keyof (typeof resources)["de"]["pages"];

/** A page whose content arrives in a later issue: its real title and one honest sentence, no fake data. */
export function PlaceholderPage({ pageKey, children }: { pageKey: PlaceholderKey; children?: ReactNode }) {
  const { t } = useTranslation("pages");
  const locale = useLocale();
  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{PAGE_TITLES[pageKey][locale]}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-800">{t(pageKey)}</p>
      {children}
    </Container>
  );
}
