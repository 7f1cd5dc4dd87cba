import { PAGE_TITLES, type PageKey } from "@atelier/contract";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Container } from "../../components/ui/container.tsx";
import { HrefLink } from "../../components/ui/href-link.tsx";
import { LogoMark } from "../../components/ui/logo.tsx";
import { SchoolContacts } from "../../components/ui/school-contacts.tsx";
import { requestCookieSettings } from "../../features/cookie-consent/consent-store.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useSchoolContactLabels } from "./school-contact-labels.ts";

const linkClass = "rounded text-slate-800 underline-offset-2 hover:text-orange-900 hover:underline";

const SOCIAL_LINKS = [
  {
    key: "socialTikTok",
    href: "https://www.tiktok.com/@atelier.berlin",
    icon: "M14 3v11a3 3 0 1 1-3-3M14 3c0 3 2 5 5 5",
  },
  {
    key: "socialYouTube",
    href: "https://www.youtube.com/@atelier.berlin",
    icon: "M3 8c0-2 1-3 3-3h12c2 0 3 1 3 3v8c0 2-1 3-3 3H6c-2 0-3-1-3-3zM10 9v6l5-3z",
  },
  {
    key: "socialInstagram",
    href: "https://www.instagram.com/atelier.berlin",
    icon: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01",
  },
  {
    key: "socialFacebook",
    href: "https://www.facebook.com/atelier.berlin",
    icon: "M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8z",
  },
] as const;

export function Footer({ white }: { white: boolean }) {
  const { t } = useTranslation("footer");
  const locale = useLocale();
  const page = (key: PageKey) => PAGE_TITLES[key][locale];
  return (
    <footer className={`border-t border-slate-200 text-slate-800 ${white ? "bg-white" : "bg-slate-100"}`}>
      <Container className="py-12">
        <div className="grid gap-10 lg:grid-cols-4">
          <nav aria-label={t("navLabel")} className="grid gap-8 sm:grid-cols-3 lg:col-span-3">
            <FooterColumn title={t("offersHeading")}>
              <li>
                <Link to="/courses" className={linkClass}>
                  {page("courses")}
                </Link>
              </li>
              <li>
                <Link to="/academies" className={linkClass}>
                  {page("academies")}
                </Link>
              </li>
              <li>
                <Link to="/workshops" className={linkClass}>
                  {page("workshops")}
                </Link>
              </li>
              <li>
                <Link to="/events" className={linkClass}>
                  {page("events")}
                </Link>
              </li>
              <li>
                {/* The footer's /school-offers (spec §2) is redirected by the router to /school_offer. */}
                <HrefLink href={`/school-offers?locale=${locale}`} className={linkClass}>
                  {t("schoolOffers")}
                </HrefLink>
              </li>
              <li>
                <Link to="/birthday-parties" className={linkClass}>
                  {t("birthdayParty")}
                </Link>
              </li>
              <li>
                <Link to="/prices" className={linkClass}>
                  {page("prices")}
                </Link>
              </li>
            </FooterColumn>
            <FooterColumn title={t("schoolHeading")}>
              <li>
                <Link to="/about-us" className={linkClass}>
                  {t("aboutUs")}
                </Link>
              </li>
              <li>
                <Link to="/instructors" className={linkClass}>
                  {t("ourTeam")}
                </Link>
              </li>
            </FooterColumn>
            <FooterColumn title={t("legalHeading")}>
              <li>
                <Link to="/legal" className={linkClass} activeOptions={{ exact: true }}>
                  {page("legal")}
                </Link>
              </li>
              <li>
                <Link to="/legal/privacy" className={linkClass}>
                  {page("privacy")}
                </Link>
              </li>
              <li>
                <Link to="/legal/terms" className={linkClass}>
                  {page("terms")}
                </Link>
              </li>
              <li>
                {/* § 312k BGB: the cancellation button on every page, reachable without signing in (D73). */}
                <Link
                  to="/vertraege-kuendigen"
                  className={`${linkClass} font-semibold`}
                  data-testid="footer-cancel-contracts"
                >
                  {t("cancelContracts")}
                </Link>
              </li>
              <li>
                {/* The modal promises that the choice can be changed at any time (TDDDG, decision D60). */}
                <button
                  type="button"
                  className={`${linkClass} cursor-pointer text-left`}
                  data-testid="cookie-settings"
                  onClick={requestCookieSettings}
                >
                  {t("cookieSettings")}
                </button>
              </li>
            </FooterColumn>
          </nav>
          <ContactColumn />
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-slate-300 pt-8 sm:flex-row sm:items-end sm:justify-between">
          <p className="flex items-center gap-4 text-5xl font-extrabold tracking-tight text-slate-900 sm:text-7xl">
            <LogoMark className="size-14 sm:size-20" />
            Atelier
          </p>
          <p className="text-sm text-slate-700">{t("copyright", { year: new Date().getFullYear() })}</p>
        </div>
      </Container>
    </footer>
  );
}

/** The school's address and contacts, the way to the contact forms, and the social links. */
function ContactColumn() {
  const { t } = useTranslation("footer");
  const contactLabels = useSchoolContactLabels();
  const locale = useLocale();
  return (
    <div>
      <h2 className="mb-3 text-base font-bold text-slate-900">{t("contactHeading")}</h2>
      <SchoolContacts labels={contactLabels} locale={locale} />
      {/* Straight to the forms, below the address on a phone (the id is the contacts page's, D176). */}
      <p className="mt-3">
        <Link to="/contacts" hash="contact-forms" className={`${linkClass} font-semibold`}>
          {t("contactForms")}
        </Link>
      </p>
      <h2 className="mt-6 mb-2 text-base font-bold text-slate-900">{t("socialHeading")}</h2>
      <ul className="flex gap-2">
        {SOCIAL_LINKS.map((social) => (
          <li key={social.key}>
            <a
              href={social.href}
              aria-label={t(social.key)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex size-10 items-center justify-center rounded-full bg-slate-900 text-white hover:bg-orange-800"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-5 fill-none stroke-current stroke-2"
                aria-hidden="true"
                focusable="false"
              >
                <path d={social.icon} strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span className="sr-only">{t(social.key)}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-base font-bold text-slate-900">{title}</h2>
      <ul className="space-y-2">{children}</ul>
    </div>
  );
}
