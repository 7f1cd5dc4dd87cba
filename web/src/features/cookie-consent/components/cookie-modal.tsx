import { COOKIE_ACCEPT_ALL_CLOSE_MS, COOKIE_POLICY_PDF } from "@atelier/contract";
import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import {
  ALL_CONSENT,
  type CookieConsent,
  isCookieModalClosed,
  markCookieModalClosed,
  readConsent,
  saveConsent,
} from "../consent-store.ts";

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const linkClass = "font-semibold text-orange-800 underline underline-offset-2 hover:text-orange-900";

/**
 * Spec §2/§4 cookie modal; lazily loaded by the root layout only while it has not been closed. A native
 * modal `<dialog>` (focus kept inside, the page behind inert, Escape handled) instead of Radix Dialog keeps
 * a first visit's home page within its JavaScript budget (decision D23).
 */
export function CookieModal() {
  const { t } = useTranslation("cookies");
  const locale = useLocale();
  const [open, setOpen] = useState(() => !isCookieModalClosed(storage()));
  const [choice, setChoice] = useState<CookieConsent>(() => readConsent(storage()));
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  const close = (consent: CookieConsent) => {
    saveConsent(storage(), consent);
    markCookieModalClosed(storage());
    setOpen(false);
  };

  const acceptAll = () => {
    setChoice(ALL_CONSENT);
    // Spec §4: the ticked boxes stay visible for a moment before the modal closes.
    closeTimer.current = setTimeout(() => close(ALL_CONSENT), COOKIE_ACCEPT_ALL_CLOSE_MS);
  };

  // Following a legal link counts as having seen the notice (spec §4); the current choice is kept.
  const closeOnLegalLink = () => close(choice);

  if (!open) return null;

  return (
    <dialog
      ref={dialogRef}
      data-testid="cookie-modal"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape is a decision like a button: it keeps the current choice. An outside click is not.
      onCancel={(event) => {
        event.preventDefault();
        close(choice);
      }}
      className="fixed inset-x-3 top-auto bottom-3 z-50 m-0 mx-auto max-h-[90vh] w-auto max-w-2xl overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50 sm:bottom-6"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {t("title")}
      </h2>
      <p id={descriptionId} className="mt-2 text-slate-800">
        {t("description")}
      </p>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={COOKIE_POLICY_PDF[locale]} target="_blank" rel="noopener" className={linkClass}>
          {t("policyPdf")}
        </a>
        <Link to="/legal/privacy" className={linkClass} onClick={closeOnLegalLink}>
          {t("privacy")}
        </Link>
        <Link to="/legal" className={linkClass} onClick={closeOnLegalLink}>
          {t("legal")}
        </Link>
        <Link to="/legal/terms" className={linkClass} onClick={closeOnLegalLink}>
          {t("terms")}
        </Link>
      </p>
      <fieldset className="mt-5 space-y-3">
        <legend className="sr-only">{t("optionsLegend")}</legend>
        <Checkbox label={t("essential")} hint={t("essentialHint")} checked disabled />
        <Checkbox
          label={t("statistics")}
          hint={t("statisticsHint")}
          checked={choice.statistics}
          onCheckedChange={(statistics) => setChoice((c) => ({ ...c, statistics }))}
          data-testid="cookie-statistics"
        />
        <Checkbox
          label={t("externalMedia")}
          hint={t("externalMediaHint")}
          checked={choice.externalMedia}
          onCheckedChange={(externalMedia) => setChoice((c) => ({ ...c, externalMedia }))}
          data-testid="cookie-external-media"
        />
      </fieldset>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <button
          type="button"
          className={buttonStyles.secondary}
          data-testid="cookie-save"
          onClick={() => close(choice)}
        >
          {t("save")}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          data-testid="cookie-accept-essential"
          onClick={() => close({ essential: true, statistics: false, externalMedia: false })}
        >
          {t("acceptEssential")}
        </button>
        <button
          type="button"
          className={buttonStyles.primary}
          data-testid="cookie-accept-all"
          onClick={acceptAll}
        >
          {t("acceptAll")}
        </button>
      </div>
    </dialog>
  );
}
