import { useTranslation } from "react-i18next";
import { useNewVersionAvailable } from "../use-new-version.ts";

/** Polite notice that a newer build is deployed; the visitor decides when to reload. */
export function NewVersionBanner() {
  const { t } = useTranslation("updates");
  const available = useNewVersionAvailable();
  if (!available) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex justify-center px-3 pb-3">
      <div
        role="status"
        aria-live="polite"
        data-testid="new-version"
        className="pointer-events-auto flex flex-wrap items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-white shadow-lg"
      >
        <span>{t("newVersion")}</span>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-white px-4 py-1.5 font-semibold text-slate-900 hover:bg-orange-100"
        >
          {t("reload")}
        </button>
      </div>
    </div>
  );
}
