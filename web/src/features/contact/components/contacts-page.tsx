import "../i18n.ts";
import { CONTACT_REQUEST_KINDS, PAGE_TITLES } from "@atelier/contract";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { ContactForm } from "./contact-form.tsx";

// The same data as the footer's contact block (app/layout/school-contacts.tsx); features do not import app code.
const MAP_URL = `https://www.openstreetmap.org/search?query=${encodeURIComponent("Kastanienallee 12, 10435 Berlin")}`;
const PHONES = [
  { key: "phoneOffice", display: "+49 30 1234567", tel: "+49301234567" },
  { key: "phoneMobile", display: "+49 176 12345678", tel: "+4917612345678" },
] as const;
const EMAIL = "info@atelier-berlin.example";
const linkClass = "font-semibold text-orange-900 underline underline-offset-2 hover:text-orange-950";

/** /contacts: address with map link, phones, e-mail, and the appointment, callback and partnership forms. */
export function ContactsPage() {
  const { t } = useTranslation("contact");
  const locale = useLocale();
  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{PAGE_TITLES.contacts[locale]}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-800">{t("intro")}</p>
      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <section aria-labelledby="contact-address" className="lg:col-span-1">
          <h2 id="contact-address" className="text-2xl font-bold text-slate-900">
            {t("addressHeading")}
          </h2>
          <address className="mt-4 space-y-3 not-italic text-slate-800">
            <p>
              {t("address")
                .split("\n")
                .map((line, index) => (
                  <Fragment key={line}>
                    {index > 0 ? <br /> : null}
                    {line}
                  </Fragment>
                ))}
            </p>
            <p>
              <a href={MAP_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t("mapLink")}
              </a>
            </p>
            <ul className="space-y-1">
              {PHONES.map((phone) => (
                <li key={phone.tel}>
                  {t(phone.key)}:{" "}
                  <a href={`tel:${phone.tel}`} className={linkClass}>
                    {phone.display}
                  </a>
                </li>
              ))}
              <li>
                {t("email")}:{" "}
                <a href={`mailto:${EMAIL}`} className={linkClass}>
                  {EMAIL}
                </a>
              </li>
            </ul>
          </address>
        </section>
        <section aria-labelledby="contact-forms" className="lg:col-span-2">
          <h2 id="contact-forms" className="text-2xl font-bold text-slate-900">
            {t("formsHeading")}
          </h2>
          <div className="mt-4 space-y-8">
            {CONTACT_REQUEST_KINDS.map((kind) => (
              <ContactForm key={kind} kind={kind} />
            ))}
          </div>
        </section>
      </div>
    </Container>
  );
}
