import type { User } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { meQueryOptions } from "../api/account-api.ts";
import { ChangeEmailForm } from "./change-email-form.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { DataDownload } from "./data-download.tsx";
import { type PhoneFieldComponent, ProfileInfoForm } from "./profile-info-form.tsx";
import "../i18n.ts";

/** The signed-in user's data, e-mail address and password on /profile. */
export function AccountSettings({
  userKey,
  PhoneField,
  onUserSaved,
}: {
  userKey: string;
  PhoneField: PhoneFieldComponent;
  onUserSaved: (user: User) => void;
}) {
  const { t } = useTranslation("account");
  const me = useQuery(meQueryOptions(userKey));
  return (
    <section aria-label={t("settings")} className="grid gap-10 lg:grid-cols-[2fr_1fr]">
      {me.data ? (
        <ProfileInfoForm key={me.data.pk} user={me.data} PhoneField={PhoneField} onSaved={onUserSaved} />
      ) : me.isError ? (
        <p role="alert" className="text-red-800">
          {t("loadFailed")}
        </p>
      ) : (
        <p role="status" className="text-slate-800">
          {t("loading")}
        </p>
      )}
      <div className="space-y-10">
        <ChangeEmailForm />
        <ChangePasswordForm />
        <DataDownload />
      </div>
    </section>
  );
}
