import { COOKIE_ACCEPT_ALL_CLOSE_MS, COOKIE_POLICY_PDF } from "@atelier/contract";
import { Link } from "@tanstack/react-router";
import {
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { browserStorage } from "../../../lib/storage.ts";
import {
  ALL_CONSENT,
  type CookieConsent,
  markCookieModalClosed,
  readConsent,
  saveConsent,
} from "../consent-store.ts";

const linkClass = "font-semibold text-orange-800 underline underline-offset-2 hover:text-orange-900";

/** The cookie groups: essential always on, statistics and external media as the visitor chooses. */
function CookieChoices({
  choice,
  onChange,
  firstChoiceRef,
}: {
  choice: CookieConsent;
  onChange: Dispatch<SetStateAction<CookieConsent>>;
  firstChoiceRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation("cookies");
  return (
    <fieldset className="mt-4 space-y-3">
      <legend className="sr-only">{t("optionsLegend")}</legend>
      <Checkbox label={t("essential")} hint={t("essentialHint")} checked disabled />
      <Checkbox
        label={t("statistics")}
        hint={t("statisticsHint")}
        checked={choice.statistics}
        onCheckedChange={(statistics) => onChange((c) => ({ ...c, statistics }))}
        inputRef={firstChoiceRef}
        data-testid="cookie-statistics"
      />
      <Checkbox
        label={t("externalMedia")}
        hint={t("externalMediaHint")}
        checked={choice.externalMedia}
        onCheckedChange={(externalMedia) => onChange((c) => ({ ...c, externalMedia }))}
        data-testid="cookie-external-media"
      />
    </fieldset>
  );
}

/** The cookie policy and the legal pages; following one of the pages closes the modal (spec §4). */
function LegalLinks({ onFollow }: { onFollow: () => void }) {
  const { t } = useTranslation("cookies");
  const locale = useLocale();
  return (
    <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <a
        href={COOKIE_POLICY_PDF[locale]}
        hrefLang={locale}
        target="_blank"
        rel="noopener"
        className={linkClass}
      >
        {t("policyPdf")}
      </a>
      <Link to="/legal/privacy" className={linkClass} onClick={onFollow}>
        {t("privacy")}
      </Link>
      <Link to="/legal" className={linkClass} onClick={onFollow}>
        {t("legal")}
      </Link>
      <Link to="/legal/terms" className={linkClass} onClick={onFollow}>
        {t("terms")}
      </Link>
    </p>
  );
}

/**
 * Spec §2/§4 cookie modal; lazily loaded by the root layout while it has not been closed, and again when
 * the footer's "cookie settings" link asks for it. A native modal `<dialog>` (focus kept inside, the page
 * behind inert, Escape handled) instead of Radix Dialog keeps a first visit's home page within its
 * JavaScript budget (decision D23).
 */
/**
 * `openInHtml`: the server rendered this modal into the page (D86), open, so it shows before any script
 * runs; once hydrated it is reopened as a modal dialog.
 */
export function CookieModal({
  onClose,
  openInHtml = false,
  languageSwitch,
}: {
  onClose?: () => void;
  openInHtml?: boolean;
  /**
   * The header's DE / RU switch, given by the layout: while the modal is open the page behind it is inert,
   * so a parent who reads Russian in a German browser could not reach the header's switch to read it.
   */
  languageSwitch?: ReactNode;
} = {}) {
  const { t } = useTranslation("cookies");
  const [open, setOpen] = useState(true);
  const [choice, setChoice] = useState<CookieConsent>(() => readConsent(browserStorage()));
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const firstChoiceRef = useRef<HTMLInputElement>(null);
  // Whoever opened the settings (the footer link) gets the focus back; on a first visit that is nobody.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    // Open from the HTML means open but not modal (nothing inert, no focus trap): reopened as modal.
    if (openInHtml && dialog.open) dialog.close();
    if (!dialog.open) dialog.showModal();
    // showModal() focuses the first focusable element; the first real choice is where a decision starts
    // (decision D60), not a link that leaves the page.
    firstChoiceRef.current?.focus();
  }, [open, openInHtml]);

  const close = (consent: CookieConsent) => {
    saveConsent(browserStorage(), consent);
    markCookieModalClosed(browserStorage());
    setOpen(false);
    // Out of the modal state first: while it is modal, everything outside it is inert and cannot take focus.
    if (dialogRef.current?.open) dialogRef.current.close();
    if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
    onClose?.();
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
      open={openInHtml || undefined}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape is a decision like a button: it keeps the current choice. An outside click is not.
      onCancel={(event) => {
        event.preventDefault();
        close(choice);
      }}
      // The texts scroll, the buttons stay: on a 390 × 667 phone every button is on screen (decision D60).
      className="fixed inset-x-3 top-auto bottom-3 z-50 m-0 mx-auto max-h-[calc(100dvh-1.5rem)] w-auto max-w-2xl flex-col overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 open:flex sm:bottom-6 sm:max-h-[calc(100dvh-3rem)]"
    >
      <div className="min-h-0 overflow-y-auto px-5 pt-5 pb-3 sm:px-6 sm:pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="text-xl font-bold">
            {t("title")}
          </h2>
          {languageSwitch}
        </div>
        <p id={descriptionId} className="mt-2 text-slate-800">
          {t("description")}
        </p>
        <CookieChoices choice={choice} onChange={setChoice} firstChoiceRef={firstChoiceRef} />
        <LegalLinks onFollow={closeOnLegalLink} />
      </div>
      <div
        className="flex shrink-0 flex-col gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:flex-wrap sm:justify-end sm:px-6"
        data-testid="cookie-buttons"
      >
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
