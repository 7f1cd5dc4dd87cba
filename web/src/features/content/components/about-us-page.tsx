import "../i18n.ts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { ContentPageView } from "./content-page.tsx";

export function AboutUsPage() {
  const { t } = useTranslation("content");
  return (
    <ContentPageView pageKey="about-us">
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/instructors" className={buttonStyles.primary}>
          {t("aboutUs.team")}
        </Link>
        <Link to="/contacts" className={buttonStyles.secondary}>
          {t("aboutUs.contact")}
        </Link>
      </div>
    </ContentPageView>
  );
}
