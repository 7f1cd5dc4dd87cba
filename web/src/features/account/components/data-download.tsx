import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { ApiError, apiDownload } from "../../../lib/api-client.ts";

/**
 * "Meine Daten herunterladen" (D560): the family's data as the shop holds it, as one JSON file (Art. 15
 * and 20 GDPR), without writing to the school.
 */
export function DataDownload() {
  const { t } = useTranslation("account");
  const headingId = useId();
  const [state, setState] = useState<"idle" | "working" | "failed" | "throttled">("idle");
  const download = async () => {
    setState("working");
    try {
      await apiDownload("/api/v2/users/me/data-export/", "atelier-meine-daten.json");
      setState("idle");
    } catch (error) {
      setState(error instanceof ApiError && error.status === 429 ? "throttled" : "failed");
    }
  };
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-bold">
        {t("dataExport.heading")}
      </h2>
      <p className="text-slate-800">{t("dataExport.text")}</p>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={state === "working"}
        onClick={download}
      >
        {state === "working" ? t("dataExport.working") : t("dataExport.button")}
      </button>
      {state === "failed" || state === "throttled" ? (
        <p role="alert" className="text-red-800">
          {t(`dataExport.${state}`)}
        </p>
      ) : null}
    </section>
  );
}
