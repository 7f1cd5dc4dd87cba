import "../i18n.ts";
import { todayInBerlin } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../i18n/use-locale.ts";
import { type NextSession, nextSession } from "../../../lib/schedule.ts";
import { formatDate, formatTime, weekdayName } from "../format.ts";

/** "Nächster Termin: Sa., 12. Apr. 2027, 11:00–13:00 Uhr", "Montag, 16:00–17:30 Uhr (+1 weitere)", "Ferienwochen: …". */
export function useNextSessionText() {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  return (session: NextSession): string => {
    if (session.kind === "weeks") {
      return t("when.weeks", {
        start: formatDate(session.startsOn, locale),
        end: formatDate(session.endsOn, locale),
      });
    }
    const time = t("product.time", { start: formatTime(session.start), end: formatTime(session.end) });
    if (session.kind === "date") return t("when.date", { date: formatDate(session.date, locale), time });
    const weekly = t("when.weekly", { weekday: weekdayName(session.weekday, locale), time });
    return session.more > 0 ? `${weekly} ${t("when.more", { count: session.more })}` : weekly;
  };
}

/** A card's line about when the offer takes place; nothing for offers without dates (gift cards, parties). */
export function NextSessionLine({
  product,
  className = "",
}: {
  product: Parameters<typeof nextSession>[0];
  className?: string;
}) {
  const text = useNextSessionText();
  const session = nextSession(product, todayInBerlin());
  if (!session) return null;
  return <p className={className}>{text(session)}</p>;
}
