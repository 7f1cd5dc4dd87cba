import "../i18n.ts";
import type { InstructorLesson } from "@atelier/contract";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../lib/format.ts";

export const lessonsKey = ["instructor", "lessons"] as const;

/** One lesson as the instructor's list and roster name it: time, offer, house, children, reported. */
export function LessonLine({ lesson }: { lesson: InstructorLesson }) {
  const { t } = useTranslation("teaching");
  return (
    <span className="block">
      <span className="block font-semibold text-slate-900 [overflow-wrap:anywhere]">
        {formatTime(lesson.start)}–{formatTime(lesson.end)} · {lesson.product_name}
      </span>
      <span className="block text-slate-700">
        {[lesson.house, t("children", { count: lesson.children })].filter(Boolean).join(" · ")}
      </span>
      {lesson.reported ? (
        <span className="mt-1 block font-semibold text-red-800">{t("reported")}</span>
      ) : null}
    </span>
  );
}
