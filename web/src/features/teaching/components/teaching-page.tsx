import "../i18n.ts";
import type { InstructorLessons } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { api } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { useSession } from "../../../lib/session.ts";
import type { TeachingSearch } from "../teaching-search.ts";
import { LessonLine, lessonsKey } from "./lesson-line.tsx";
import { LessonRoster } from "./lesson-roster.tsx";

/** A link to a lesson's roster, drawn by the route (features do not know the router's paths). */
export type LessonLink = (props: {
  slot: number;
  date: string;
  className: string;
  children: ReactNode;
}) => ReactNode;

/**
 * `/teaching`, the instructor's phone (issue 35, D384): their lessons of today and the six days after, a
 * roster to mark present or absent, and "I can't give this lesson". Signed out: a sign-in button; signed in
 * without the instructor role: what the page is for.
 */
export function TeachingPage({
  search,
  onSignIn,
  LessonLink,
  BackLink,
}: {
  search: TeachingSearch;
  onSignIn: () => void;
  LessonLink: LessonLink;
  BackLink: (props: { className: string; children: ReactNode }) => ReactNode;
}) {
  const { t } = useTranslation("teaching");
  // The account is part of the key: signing in through the dialog (or out, or as someone else in another
  // tab) asks again instead of keeping the first answer, a 401.
  const account = useSession()?.user.pk ?? null;
  const lessons = useQuery({
    queryKey: [...lessonsKey, account],
    queryFn: ({ signal }) => api.get<InstructorLessons>("/api/v2/instructor/lessons/", undefined, signal),
    retry: false,
  });
  const status = (lessons.error as { status?: number } | null)?.status;

  return (
    <Container className="py-8">
      <h1 className="text-3xl font-extrabold text-slate-900">{t("title")}</h1>
      <div className="mt-4" aria-live="polite">
        {lessons.isPending ? <p>{t("loading")}</p> : null}
        {status === 401 ? (
          <div className="space-y-4">
            <p>{t("signedOut")}</p>
            <button type="button" className={buttonStyles.primary} onClick={onSignIn}>
              {t("signIn")}
            </button>
          </div>
        ) : null}
        {status === 403 ? <p data-testid="teaching-not-instructor">{t("notInstructor")}</p> : null}
        {lessons.isError && status !== 401 && status !== 403 ? <p role="alert">{t("failed")}</p> : null}
      </div>
      {lessons.data && search.slot && search.date ? (
        <LessonRoster slot={search.slot} date={search.date} BackLink={BackLink} />
      ) : lessons.data ? (
        <LessonDays data={lessons.data} LessonLink={LessonLink} />
      ) : null}
    </Container>
  );
}

function LessonDays({ data, LessonLink }: { data: InstructorLessons; LessonLink: LessonLink }) {
  const { t } = useTranslation("teaching");
  const locale = useLocale();
  return (
    <div className="mt-4 space-y-6">
      {data.days.map((day) => (
        <section key={day.date} aria-labelledby={`day-${day.date}`}>
          <h2 id={`day-${day.date}`} className="text-xl font-bold text-slate-900">
            {day.date === data.today ? `${t("today")}, ` : ""}
            {formatDate(day.date, locale)}
          </h2>
          {day.lessons.length === 0 ? (
            <p className="mt-1 text-slate-700">{t("noLessons")}</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {day.lessons.map((lesson) => (
                <li key={lesson.slot}>
                  <LessonLink
                    slot={lesson.slot}
                    date={lesson.date}
                    className="block rounded-xl border border-slate-300 bg-white p-3 hover:border-orange-800 focus-visible:outline-2 focus-visible:outline-orange-800"
                  >
                    <LessonLine lesson={lesson} />
                  </LessonLink>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
