import { PAGE_TITLES } from "@atelier/contract";
import { Link, useCanGoBack, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Container } from "../../components/ui/container.tsx";
import { SchoolContacts } from "../../components/ui/school-contacts.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { useSession } from "../../lib/session.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { navLinks } from "./nav-links.ts";
import { useSchoolContactLabels } from "./school-contact-labels.ts";

/** /menu: the sections (same order rule as the header), the language switch and the contacts. */
export function MenuPage() {
  const { t } = useTranslation("menu");
  const contactLabels = useSchoolContactLabels();
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  useCloseOnEscape();
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-extrabold text-slate-900">{PAGE_TITLES.menu[locale]}</h1>
      <div className="mt-8 grid gap-10 md:grid-cols-2">
        <nav aria-labelledby="menu-sections">
          <h2 id="menu-sections" className="text-sm font-bold tracking-widest text-slate-700 uppercase">
            {t("sectionsHeading")}
          </h2>
          <ul className="mt-3 space-y-1">
            {navLinks(locale).map((link) => (
              <li key={link.key}>
                <Link
                  to={link.to}
                  className="block rounded-lg py-2 text-2xl font-bold text-slate-900 hover:text-orange-900"
                >
                  {PAGE_TITLES[link.key][locale]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-8">
          <section aria-labelledby="menu-language">
            <h2 id="menu-language" className="text-sm font-bold tracking-widest text-slate-700 uppercase">
              {t("languageHeading")}
            </h2>
            <LanguageSwitch className="mt-3" />
          </section>
          <section aria-labelledby="menu-contact" className="text-slate-800">
            <h2 id="menu-contact" className="text-sm font-bold tracking-widest text-slate-700 uppercase">
              {t("contactHeading")}
            </h2>
            <div className="mt-3">
              <SchoolContacts labels={contactLabels} locale={locale} />
            </div>
          </section>
          <p>
            {/* A signed-in parent goes to the profile, not to a sign-in that says they are signed in (D488). */}
            {session ? (
              <Link to="/profile" className="font-semibold text-orange-800 underline underline-offset-2">
                {tc("profile")}
              </Link>
            ) : (
              <Link to="/login" className="font-semibold text-orange-800 underline underline-offset-2">
                {tc("signIn")}
              </Link>
            )}
          </p>
        </div>
      </div>
    </Container>
  );
}

/**
 * Escape closes /menu like the header's close button: back to where the parent was, or home without
 * history. Not while a dialog (sign-in, cookies) is open: there Escape closes the dialog.
 */
function useCloseOnEscape() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest("dialog, [role='dialog']")) return;
      if (document.querySelector("dialog[open], [role='dialog']")) return;
      if (canGoBack) router.history.back();
      else void router.navigate({ to: "/" });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [router, canGoBack]);
}
