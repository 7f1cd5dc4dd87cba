import { PAGE_TITLES } from "@atelier/contract";
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { NEXT_STEP } from "../../../lib/next-step-focus.ts";
import { useSession } from "../../../lib/session.ts";
import { authDialogState, openAuthDialog } from "../auth-dialog-store.ts";
import "../i18n.ts";

/** /login (spec §2): opens the sign-in dialog for a guest; the page itself offers to reopen it. */
export function LoginPage() {
  const { t } = useTranslation("auth");
  const locale = useLocale();
  const session = useSession();

  // Only on arrival: closing the dialog must not reopen it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page visit on purpose
  useEffect(() => {
    if (!session && !authDialogState().open) openAuthDialog();
  }, []);

  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{PAGE_TITLES.login[locale]}</h1>
      {session ? (
        <div className="mt-4 space-y-4">
          <p className="text-lg text-slate-800">{t("alreadySignedIn")}</p>
          <Link to="/profile" className={buttonStyles.primary} {...NEXT_STEP}>
            {t("toProfile")}
          </Link>
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="max-w-2xl text-lg text-slate-800">{t("loginIntro")}</p>
          <button type="button" className={buttonStyles.primary} onClick={() => openAuthDialog()}>
            {t("openSignIn")}
          </button>
        </div>
      )}
    </Container>
  );
}
