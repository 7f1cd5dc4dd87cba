import "../i18n.ts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatDate, formatTime, slotDay } from "../../../lib/format.ts";
import { waitingListApi } from "../api/waiting-list-api.ts";

/**
 * The profile's list of the family's open waiting-list entries with each child's place in line (D144); a
 * running offer links to its booking. Nothing is shown while no child waits.
 */
export function WaitingListEntries({ userKey }: { userKey: string }) {
  const { t } = useTranslation("waitingList");
  const locale = useLocale();
  const entries = useQuery({ queryKey: ["waiting-list", userKey], queryFn: () => waitingListApi.list() });
  if (entries.isPending) return null;
  if (entries.isError)
    return (
      <p role="alert" className="text-red-800">
        {t("entries.loadFailed")}
      </p>
    );
  const open = entries.data.filter((entry) => entry.status === "waiting" || entry.status === "offered");
  if (open.length === 0) return null;
  return (
    <section
      aria-labelledby="waiting-list-heading"
      className="mb-10 space-y-3"
      data-testid="waiting-list-entries"
    >
      <h2 id="waiting-list-heading" className="text-xl font-bold text-slate-900">
        {t("entries.heading")}
      </h2>
      <p className="max-w-2xl text-base text-slate-800">{t("entries.intro")}</p>
      <ul className="space-y-3">
        {open.map((entry) => {
          const when = entry.schedule_slot
            ? `${slotDay(entry.schedule_slot, locale)}, ${formatTime(entry.schedule_slot.start)}–${formatTime(entry.schedule_slot.end)}`
            : entry.academy_week
              ? `${formatDate(entry.academy_week.starts_on, locale)} – ${formatDate(entry.academy_week.ends_on, locale)}`
              : "";
          return (
            <li key={entry.id} className="rounded-xl border border-slate-300 p-4 text-base">
              <p className="font-semibold text-slate-900">
                {entry.product_page.name} – {entry.purchase_option_name}
              </p>
              <p className="text-slate-800">
                {entry.visitor_name}
                {when ? ` · ${when}` : ""}
              </p>
              {entry.status === "offered" && entry.offer_token ? (
                <p>
                  {t("entries.offered")}:{" "}
                  <a className="font-semibold underline" href={`/waiting-list/offer/${entry.offer_token}`}>
                    {t("entries.offerLink")}
                  </a>
                </p>
              ) : entry.position !== null ? (
                <p className="font-semibold text-slate-900">
                  {t("entries.position", { position: entry.position })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
