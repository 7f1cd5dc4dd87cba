import "../i18n.ts";
import type { CreditView, MakeupOption } from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { api } from "../../../lib/api-client.ts";
import { errorCodesByField, useErrorText } from "../../../lib/error-codes.ts";
import { formatDate } from "../../../lib/format.ts";

export const creditsKey = (userKey: string) => ["lesson-credits", userKey];

type Booked = { creditId: number; date: string; start: string };

/** The family's makeup credits with their expiry (D367); an open one books a makeup on a free date. */
export function CreditsList({ userKey, onBooked }: { userKey: string; onBooked: () => void }) {
  const { t } = useTranslation("lessons");
  const locale = useLocale();
  // Kept here, not in the booking form: the list refetches after a booking, the credit turns "used" and
  // its form goes away, and the confirmation must stay (and be announced) where the parent looked.
  const [booked, setBooked] = useState<Booked | null>(null);
  const credits = useQuery({
    queryKey: creditsKey(userKey),
    queryFn: ({ signal }) => api.get<CreditView[]>("/api/v2/lessons/credits/", undefined, signal),
  });
  return (
    <section className="space-y-3" data-testid="makeup-credits">
      <h2 className="text-xl font-bold text-slate-900">{t("credits.title")}</h2>
      {credits.isError ? <p role="alert">{t("failed")}</p> : null}
      {credits.data?.length === 0 ? <p>{t("credits.none")}</p> : null}
      <ul className="space-y-3">
        {credits.data?.map((credit) => (
          <li key={credit.id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-semibold">
              {t("credits.line", {
                child: credit.visitor_name,
                course: credit.product_name,
                date: formatDate(credit.source_date, locale),
              })}
            </p>
            <p className="text-sm text-slate-700">
              {credit.status === "open"
                ? t("credits.open", { date: formatDate(credit.expires_on, locale) })
                : credit.status === "expired"
                  ? t("credits.expired", { date: formatDate(credit.expires_on, locale) })
                  : t("credits.used")}
            </p>
            {credit.makeup ? (
              <p className="text-sm">
                {t("credits.makeup", {
                  date: formatDate(credit.makeup.date, locale),
                  start: credit.makeup.start,
                  end: credit.makeup.end,
                })}
              </p>
            ) : null}
            {credit.status === "open" ? (
              <MakeupBooking
                credit={credit}
                userKey={userKey}
                onBooked={(reply) => {
                  setBooked({ creditId: credit.id, ...reply });
                  onBooked();
                }}
              />
            ) : null}
            <div aria-live="polite">
              {booked?.creditId === credit.id ? (
                <p className="mt-2 font-semibold text-green-800" data-testid="makeup-booked">
                  {t("credits.booked", { date: formatDate(booked.date, locale), start: booked.start })}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MakeupBooking({
  credit,
  userKey,
  onBooked,
}: {
  credit: CreditView;
  userKey: string;
  onBooked: (reply: { date: string; start: string }) => void;
}) {
  const { t } = useTranslation("lessons");
  const locale = useLocale();
  const errorText = useErrorText();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState("");
  const options = useQuery({
    queryKey: ["makeup-options", credit.id],
    queryFn: ({ signal }) =>
      api.get<MakeupOption[]>(`/api/v2/lessons/credits/${credit.id}/options/`, undefined, signal),
    enabled: open,
  });
  const book = useMutation({
    mutationFn: () => {
      const [slot, date] = choice.split("|");
      return api.post<{ date: string; start: string }>("/api/v2/lessons/makeups/", {
        credit: credit.id,
        slot: Number(slot),
        date,
      });
    },
    onSuccess: (reply) => {
      onBooked(reply);
      void client.invalidateQueries({ queryKey: creditsKey(userKey) });
    },
  });
  const codes = book.error ? errorCodesByField(book.error) : {};
  const refusal = book.error
    ? (errorText(codes.date?.[0] ?? codes.credit?.[0] ?? codes.slot?.[0]) ?? t("failed"))
    : null;
  if (!open)
    return (
      <button type="button" className={`${buttonStyles.secondary} mt-2`} onClick={() => setOpen(true)}>
        {t("credits.book")}
      </button>
    );
  const free = options.data?.filter((option) => option.seats_left > 0) ?? [];
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (choice) book.mutate();
      }}
    >
      {options.isPending ? <p>{t("loading")}</p> : null}
      {options.data && free.length === 0 ? <p>{t("credits.noOptions")}</p> : null}
      {free.length > 0 ? (
        <label className="block">
          <span className="block text-sm font-semibold">{t("credits.choose")}</span>
          <select
            className="mt-1 min-h-11 w-full rounded border border-slate-300 px-2"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          >
            <option value="" />
            {free.map((option) => (
              <option key={`${option.slot}|${option.date}`} value={`${option.slot}|${option.date}`}>
                {formatDate(option.date, locale)}, {option.start}–{option.end} · {option.product_name} ·{" "}
                {t("credits.seatsLeft", { count: option.seats_left })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button type="submit" className={buttonStyles.primary} disabled={!choice || book.isPending}>
        {t("credits.confirm")}
      </button>
      {refusal ? (
        <p role="alert" className="text-red-700">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
