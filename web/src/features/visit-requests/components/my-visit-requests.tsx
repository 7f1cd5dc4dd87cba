import type { Locale, MyVisitRequest } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatDate } from "../../../lib/format.ts";
import { myVisitRequestsQueryOptions } from "../api/visit-requests-api.ts";
import { ProfileRequestList } from "./profile-request-list.tsx";

const TEXTS: Record<
  Locale,
  {
    title: string;
    kind: Record<MyVisitRequest["kind"], string>;
    status: Record<MyVisitRequest["status"], string>;
    confirmed: string;
    wished: string;
    noDate: string;
  }
> = {
  de: {
    title: "Ihre Anfragen",
    kind: { trial: "Probestunde", out: "Besuch außer Haus", waiting: "Warteliste" },
    status: { new: "Eingegangen", in_progress: "In Bearbeitung", done: "Erledigt" },
    confirmed: "Termin bestätigt",
    wished: "Wunschtermin",
    noDate: "Termin folgt",
  },
  ru: {
    title: "Ваши заявки",
    kind: { trial: "Пробное занятие", out: "Выездное занятие", waiting: "Лист ожидания" },
    status: { new: "Получена", in_progress: "В работе", done: "Выполнена" },
    confirmed: "Дата подтверждена",
    wished: "Желаемая дата",
    noDate: "Дату сообщим",
  },
};

/**
 * The parent's visit requests and where the school's answer stands (D137): the status, and the day once
 * staff confirmed it. Nothing is shown while there are none.
 */
export function MyVisitRequests({ userKey }: { userKey: string }) {
  const locale = useLocale();
  const t = TEXTS[locale];
  const requests = useQuery(myVisitRequestsQueryOptions(userKey, locale));
  if (!requests.data?.length) return null;
  return (
    <ProfileRequestList
      id="my-visit-requests"
      title={t.title}
      items={requests.data}
      testId="my-visit-request"
    >
      {(request) => (
        <>
          <p className="font-semibold">
            {t.kind[request.kind]}: {request.product_page.name}
          </p>
          <p>
            <span className="font-semibold">{t.status[request.status]}</span>
            {" · "}
            {request.date
              ? `${request.confirmed ? t.confirmed : t.wished}: ${formatDate(request.date, locale)}`
              : t.noDate}
          </p>
        </>
      )}
    </ProfileRequestList>
  );
}
