import "../i18n.ts";
import { PAGE_TITLES } from "@atelier/contract";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";

/** /product/buy/{id}: the booking form comes with the cart issue; until then an honest note and the way back. */
export function BuyPlaceholderPage({ id }: { id: string }) {
  const { t } = useTranslation("catalogue");
  const { t: tp } = useTranslation("pages");
  const locale = useLocale();
  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{PAGE_TITLES.productBuy[locale]}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-800">{tp("productBuy")}</p>
      <Link to="/product/$id" params={{ id }} className={`${buttonStyles.secondary} mt-6`}>
        {t("buy.backToProduct")}
      </Link>
    </Container>
  );
}
