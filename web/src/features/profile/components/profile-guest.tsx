import { PAGE_TITLES } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";

/** /profile for a guest: a sign-in prompt (the route also opens the sign-in dialog). */
export function ProfileGuest({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation("account");
  const locale = useLocale();
  return (
    <Container className="py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{PAGE_TITLES.profile[locale]}</h1>
      <h2 className="mt-6 text-xl font-bold">{t("guestHeading")}</h2>
      <p className="mt-2 max-w-2xl text-lg text-slate-800">{t("guestText")}</p>
      <button type="button" className={`${buttonStyles.primary} mt-4`} onClick={onSignIn}>
        {t("signIn")}
      </button>
    </Container>
  );
}
