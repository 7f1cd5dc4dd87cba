import { useTranslation } from "react-i18next";

export const SCHOOL_MAP_URL = `https://www.openstreetmap.org/search?query=${encodeURIComponent("Kastanienallee 12, 10435 Berlin")}`;
export const SCHOOL_PHONES = [
  { key: "phoneOffice", display: "+49 30 1234567", tel: "+49301234567" },
  { key: "phoneMobile", display: "+49 176 12345678", tel: "+4917612345678" },
] as const;
export const SCHOOL_EMAIL = "info@atelier-berlin.example";

const linkClass = "underline underline-offset-2 hover:text-orange-900";

/** Address with map link, phone numbers and e-mail; shared by the footer and the menu page. */
export function SchoolContacts() {
  const { t } = useTranslation("footer");
  return (
    <address className="space-y-2 not-italic">
      <p>
        {t("address")}
        <br />
        <a href={SCHOOL_MAP_URL} className={linkClass} target="_blank" rel="noopener noreferrer">
          {t("mapLink")}
        </a>
      </p>
      <ul className="space-y-1">
        {SCHOOL_PHONES.map((phone) => (
          <li key={phone.tel}>
            {t(phone.key)}:{" "}
            <a href={`tel:${phone.tel}`} className={linkClass}>
              {phone.display}
            </a>
          </li>
        ))}
        <li>
          {t("email")}:{" "}
          <a href={`mailto:${SCHOOL_EMAIL}`} className={linkClass}>
            {SCHOOL_EMAIL}
          </a>
        </li>
      </ul>
    </address>
  );
}
