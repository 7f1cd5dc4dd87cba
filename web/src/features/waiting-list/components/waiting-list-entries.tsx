import "../i18n.ts";
import { berlinDate, berlinDeadlineText, type WaitingListEntry } from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { MessageDialog } from "../../../components/ui/message-dialog.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatDate, formatTime, slotDay } from "../../../lib/format.ts";
import { waitingListApi } from "../api/waiting-list-api.ts";

/**
 * The profile's list of the family's open waiting-list entries (D144, D296): the offer, the child, the slot or
 * week, since when, the place in line or the running offer's link; each can be left after a question. Nothing
 * is shown while no child waits.
 */
export function WaitingListEntries({ userKey }: { userKey: string }) {
  const { t } = useTranslation("waitingList");
  const queryKey = ["waiting-list", userKey];
  const entries = useQuery({ queryKey, queryFn: () => waitingListApi.list() });
  const [left, setLeft] = useState<string | null>(null);
  if (entries.isPending) return null;
  if (entries.isError)
    return (
      <p role="alert" className="text-red-800">
        {t("entries.loadFailed")}
      </p>
    );
  const open = entries.data.filter((entry) => entry.status === "waiting" || entry.status === "offered");
  return (
    <>
      <p role="status" className="sr-only">
        {left ?? ""}
      </p>
      {open.length === 0 ? null : (
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
            {open.map((entry) => (
              <EntryRow key={entry.id} entry={entry} queryKey={queryKey} onLeft={setLeft} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function EntryRow({
  entry,
  queryKey,
  onLeft,
}: {
  entry: WaitingListEntry;
  queryKey: string[];
  onLeft: (text: string) => void;
}) {
  const { t } = useTranslation("waitingList");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const leaveButton = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const leave = useMutation({
    mutationFn: () => waitingListApi.leave(entry.id),
    onSuccess: async () => {
      setAsking(false);
      onLeft(t("entries.leftText", { name: entry.visitor_name, offer: entry.product_page.name }));
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: () => setFailed(true),
  });
  const when = entry.schedule_slot
    ? `${slotDay(entry.schedule_slot, locale)}, ${formatTime(entry.schedule_slot.start)}–${formatTime(entry.schedule_slot.end)}`
    : entry.academy_week
      ? `${formatDate(entry.academy_week.starts_on, locale)} – ${formatDate(entry.academy_week.ends_on, locale)}`
      : "";
  return (
    <li className="rounded-xl border border-slate-300 p-4 text-base" data-testid="waiting-list-entry">
      <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
        {entry.product_page.name} – {entry.purchase_option_name}
      </p>
      <p className="text-slate-800">
        {entry.visitor_name}
        {when ? ` · ${when}` : ""}
      </p>
      <p className="text-sm text-slate-700">
        {t("entries.since", { date: formatDate(berlinDate(new Date(entry.created_at)), locale) })}
      </p>
      {entry.status === "offered" && entry.offer_token ? (
        <p>
          {t("entries.offered")}
          {entry.offer_expires_at
            ? ` ${t("entries.offeredUntil", { when: berlinDeadlineText(entry.offer_expires_at, locale) })}`
            : ""}
          :{" "}
          <a className="font-semibold underline" href={`/waiting-list/offer/${entry.offer_token}`}>
            {t("entries.offerLink")}
          </a>
        </p>
      ) : entry.position !== null ? (
        <p className="font-semibold text-slate-900">{t("entries.position", { position: entry.position })}</p>
      ) : null}
      <button
        ref={leaveButton}
        type="button"
        className={`${buttonStyles.secondary} mt-3`}
        onClick={() => {
          setFailed(false);
          setAsking(true);
        }}
      >
        {t("entries.leave")}
      </button>
      <MessageDialog
        open={asking}
        onClose={() => setAsking(false)}
        tone="info"
        title={t("entries.leaveTitle")}
        returnFocusTo={leaveButton}
        actions={
          <>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => setAsking(false)}
              data-autofocus
            >
              {t("entries.stay")}
            </button>
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={leave.isPending}
              onClick={() => leave.mutate()}
            >
              {t("entries.leaveConfirm")}
            </button>
          </>
        }
      >
        <p>{t("entries.leaveText", { name: entry.visitor_name, offer: entry.product_page.name })}</p>
        {failed ? (
          <p role="alert" className="mt-2 font-semibold text-red-800">
            {t("entries.leaveFailed")}
          </p>
        ) : null}
      </MessageDialog>
    </li>
  );
}
