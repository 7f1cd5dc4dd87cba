import { useTranslation } from "react-i18next";
import type { SchoolContactLabels } from "../../components/ui/school-contacts.tsx";

/** The footer's words for the school's contacts (footer and menu page). */
export function useSchoolContactLabels(): SchoolContactLabels {
  const { t } = useTranslation("footer");
  return {
    mapLink: t("mapLink"),
    phone: t("phone"),
    phoneMobile: t("phoneMobile"),
    email: t("email"),
  };
}
