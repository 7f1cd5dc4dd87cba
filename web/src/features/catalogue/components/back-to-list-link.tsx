import "../i18n.ts";
import { useRouter } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

/** "Zurück zur Übersicht": a real link (new tab works) that navigates in the app on a plain click. */
export function BackToListLink({ href }: { href: string }) {
  const { t } = useTranslation("catalogue");
  const router = useRouter();
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
