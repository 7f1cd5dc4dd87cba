import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";

/**
 * The § 312k BGB button in the profile: "Verträge hier kündigen" (the Russian words beside it on Russian
 * pages), leading to the cancellation page, which needs no password (D73).
 */
export function CancelContractsLink() {
  const { t } = useTranslation("profile");
  return (
    <div className="mt-10 border-t border-slate-300 pt-8">
      <Link
        to="/vertraege-kuendigen"
        className={buttonStyles.secondary}
        data-testid="profile-cancel-contracts"
      >
        {t("cancelContracts")}
      </Link>
    </div>
  );
}
