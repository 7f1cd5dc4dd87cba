import { PAGE_TITLES, SITE_NAME } from "@atelier/contract";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";

const SECTIONS = [
  { key: "courses", to: "/courses", text: "coursesText" },
  { key: "academies", to: "/academies", text: "academiesText" },
  { key: "workshops", to: "/workshops", text: "workshopsText" },
  { key: "events", to: "/events", text: "eventsText" },
  { key: "giftcards", to: "/giftcards", text: "giftcardsText" },
  { key: "prices", to: "/prices", text: "pricesText" },
] as const;

/** Shell of the home page; the catalogue issue fills it with real offers. */
export function HomePage() {
  const { t } = useTranslation("home");
  const locale = useLocale();
  return (
    <>
      <section className="bg-orange-50">
        <Container className="py-14 sm:py-20">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {SITE_NAME[locale]}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-800">{t("welcome")}</p>
        </Container>
      </section>
      <Container className="py-12">
        <h2 className="text-2xl font-bold text-slate-900">{t("sectionsHeading")}</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <Link
                to={section.to}
                className="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm motion-safe:transition hover:border-orange-800 hover:shadow-md"
              >
                <span className="text-xl font-bold text-orange-800">{PAGE_TITLES[section.key][locale]}</span>
                <span className="mt-2 block text-slate-800">{t(section.text)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </>
  );
}
