import "../i18n.ts";
import { type Locale, type Visitor, visitorLabel } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FormMessage } from "../../../components/ui/form-fields.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatDate } from "../../../lib/format.ts";
import { visitorsQueryOptions } from "../api/visitors-api.ts";
import { VisitorForm } from "./visitor-form.tsx";

export const formatBirthDate = (birthDate: string, locale: Locale) => formatDate(birthDate, locale);

/** The profile tab "children" (`/profile?tab=visitors`): the list, add and edit. */
export function VisitorsPanel({ userKey }: { userKey: string | null }) {
  const { t } = useTranslation("visitors");
  const locale = useLocale();
  const visitors = useQuery(visitorsQueryOptions(userKey));
  // null: no form; "new": the add form; a number: editing that child.
  const [editing, setEditing] = useState<"new" | number | null>(null);
  const [savedName, setSavedName] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // After a form closes the focus goes back to a control that stays, so keyboard and screen reader
  // users do not land at the top of the page.
  useEffect(() => {
    if (editing === null && returnFocus.current) {
      returnFocus.current = false;
      addButton.current?.focus();
    }
  }, [editing]);

  const closeForm = () => {
    returnFocus.current = true;
    setEditing(null);
  };
  const onSaved = (visitor: Visitor) => {
    setSavedName(visitorLabel(visitor));
    closeForm();
  };

  return (
    <section aria-labelledby="visitors-heading" className="space-y-4">
      <h2 id="visitors-heading" className="text-xl font-bold text-slate-900">
        {t("heading")}
      </h2>
      <p className="max-w-2xl text-base text-slate-800">{t("intro")}</p>
      {userKey === null ? <p className="text-base text-slate-800">{t("guestNote")}</p> : null}
      {visitors.isPending ? (
        <p role="status">{t("loading")}</p>
      ) : visitors.isError ? (
        <p role="alert" className="text-red-800">
          {t("loadFailed")}
        </p>
      ) : visitors.data.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <ul
          aria-label={t("listLabel")}
          className="divide-y divide-slate-200 rounded-2xl border border-slate-300"
        >
          {visitors.data.map((visitor) =>
            editing === visitor.id ? (
              <li key={visitor.id} className="p-3">
                <VisitorForm
                  signedIn={userKey !== null}
                  visitor={visitor}
                  onSaved={onSaved}
                  onCancel={closeForm}
                />
              </li>
            ) : (
              <li key={visitor.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <span className="block font-semibold text-slate-900">{visitorLabel(visitor)}</span>
                  <span className="block text-sm text-slate-700">
                    {t("born", { date: formatBirthDate(visitor.birth_date, locale) })}
                  </span>
                </span>
                <button
                  type="button"
                  className={buttonStyles.ghost}
                  aria-label={t("editLabel", { name: visitorLabel(visitor) })}
                  onClick={() => {
                    setSavedName(null);
                    setEditing(visitor.id);
                  }}
                >
                  {t("edit")}
                </button>
              </li>
            ),
          )}
        </ul>
      )}
      <FormMessage tone="success">{savedName ? t("saved", { name: savedName }) : null}</FormMessage>
      {editing === "new" ? (
        <VisitorForm signedIn={userKey !== null} onSaved={onSaved} onCancel={closeForm} />
      ) : (
        <button
          ref={addButton}
          type="button"
          className={buttonStyles.secondary}
          onClick={() => {
            setSavedName(null);
            setEditing("new");
          }}
        >
          {t("add")}
        </button>
      )}
    </section>
  );
}
