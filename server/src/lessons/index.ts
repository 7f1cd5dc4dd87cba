// Lessons over a season (issue 35): absences, makeup credits and bookings, cancelled lessons, reminders.

export { lessonClosures, lessonEnds } from "./lesson-closures.ts";
export { cancelledDatesOf, type LessonDay, lessonDay, makeupsBetween } from "./lesson-day.ts";
export { addDays, berlinInstant } from "./lesson-time.ts";
export { heldLessonOn, type Lesson, type LessonItem, type LessonSlot, lessonOn } from "./lesson-today.ts";
export { makeupsOfUser, reportedAbsencesOfItems, slotHasLessonHistory } from "./lessons.repository.ts";
export { lessonsRoutes } from "./lessons.routes.ts";
export {
  createLessonsService,
  isLessonCancelled,
  type LessonsService,
  type RecordAudit as LessonsRecordAudit,
  rulesView,
  slotMeetsOn,
} from "./lessons.service.ts";
export { createReminders, type Reminders } from "./reminders.ts";
