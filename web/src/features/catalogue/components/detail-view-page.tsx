import "../i18n.ts";
import { PAGE_TITLES } from "@atelier/contract";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { ProductPage } from "./product-page.tsx";

/** /detailView?id=…: the offer in compact form; without an id, a pointer to the catalogue. */
export function DetailViewPage({ id }: { id: string | undefined }) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  if (id) return <ProductPage id={id} compact />;
  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">{PAGE_TITLES.detailView[locale]}</h1>
      <p className="mt-4 text-lg text-slate-800">{t("detailView.missing")}</p>
      <Link to="/courses" className={`${buttonStyles.primary} mt-6`}>
        {t("product.allCourses")}
      </Link>
    </Container>
  );
}
