import "../i18n.ts";
import { CONTACT_REQUEST_KINDS, PAGE_TITLES } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { Container } from "../../../components/ui/container.tsx";
import { SchoolContacts } from "../../../components/ui/school-contacts.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { ContactForm } from "./contact-form.tsx";

// The same block as the footer (components/ui/school-contacts.tsx): the houses staff keep (D177).
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
          <SchoolContacts
            className="mt-4 space-y-3 text-slate-800"
            linkClass={linkClass}
            locale={locale}
            labels={{
              mapLink: t("mapLink"),
              phone: t("phone"),
              phoneMobile: t("phoneMobile"),
              email: t("email"),
            }}
          />
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
