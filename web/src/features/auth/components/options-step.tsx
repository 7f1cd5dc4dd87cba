import type { SsoProvider } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FormMessage } from "../../../components/ui/form-fields.tsx";
import { authApi } from "../api/auth-api.ts";
import { type AuthNotice, moveAuthDialog } from "../auth-dialog-store.ts";
import { openProviderPage } from "../sso-sign-in.ts";

const PROVIDERS: { provider: SsoProvider; label: "withGoogle" | "withFacebook" }[] = [
  { provider: "google", label: "withGoogle" },
  { provider: "facebook", label: "withFacebook" },
];

/** Step Options: mail, Google or Facebook (spec §2). */
export function OptionsStep({ notice }: { notice?: AuthNotice | undefined }) {
  const { t } = useTranslation("auth");
  const [waiting, setWaiting] = useState<SsoProvider | null>(null);
  const config = useQuery({
    queryKey: ["users", "sso-config"],
    queryFn: () => authApi.ssoConfig(),
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <div className="space-y-3">
      {notice === "ssoFailed" || notice === "ssoNotConfigured" ? (
        <FormMessage tone="error" testId="auth-notice">
          {t(notice === "ssoFailed" ? "notice.ssoFailed" : "notice.ssoNotConfigured")}
        </FormMessage>
      ) : null}
      {notice === "sessionEnded" ? (
        <FormMessage tone="info" testId="auth-notice">
          {t("notice.sessionEnded")}
        </FormMessage>
      ) : null}
      <button
        type="button"
        className={`${buttonStyles.primary} w-full`}
        data-testid="sign-in-with-email"
        data-autofocus
        onClick={() => moveAuthDialog("Email")}
      >
        {t("withEmail")}
      </button>
      {PROVIDERS.map(({ provider, label }) => {
        const providerConfig = config.data?.[provider] ?? null;
        return (
          <button
            key={provider}
            type="button"
            className={`${buttonStyles.secondary} w-full disabled:cursor-not-allowed disabled:opacity-60`}
            disabled={!providerConfig}
            onClick={() => {
              if (!providerConfig) return;
              openProviderPage(providerConfig);
              setWaiting(provider);
            }}
          >
            {t(label)}
          </button>
        );
      })}
      {config.isSuccess && !config.data.google && !config.data.facebook ? (
        <p className="text-sm text-slate-700">{t("ssoUnavailable")}</p>
      ) : null}
      <FormMessage tone="info">{waiting ? t("ssoContinueInTab") : null}</FormMessage>
    </div>
  );
}
