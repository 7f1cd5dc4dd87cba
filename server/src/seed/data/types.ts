import type { LocalizedText } from "@atelier/contract";
import type { ageGroup, instructionLanguage, productType, QnaEntry, scheduleType } from "../../db/index.ts";

export type ProductType = (typeof productType.enumValues)[number];
export type AgeGroup = (typeof ageGroup.enumValues)[number];
export type InstructionLanguage = (typeof instructionLanguage.enumValues)[number];
export type ScheduleType = (typeof scheduleType.enumValues)[number];

/** Shorthand for a text in both locales of the shop. */
export const l = (de: string, ru: string): LocalizedText => ({ de, ru });

/** Shorthand for one FAQ entry. */
export const qa = (question: LocalizedText, answer: LocalizedText): QnaEntry => ({ question, answer });

export type CategorySeed = { slug: string; name: LocalizedText };

export type InstructorSeed = {
  slug: string;
  firstName: string;
  lastName: string;
  /** The school's Cyrillic spelling for Russian pages; without it they show the Latin name. */
  firstNameRu?: string;
  lastNameRu?: string;
  job: LocalizedText;
  subject: LocalizedText;
  bio: LocalizedText;
};

/** A weekly course time: weekday 0 = Monday … 6 = Sunday; times as HH:MM. */
export type WeeklySlotSeed = {
  weekday: number;
  start: string;
  end: string;
  seats: number;
  instructor: string;
};
/** A dated session of a workshop or event; date as YYYY-MM-DD. */
export type DatedSlotSeed = { date: string; start: string; end: string; seats: number; instructor: string };

export type PurchaseOptionSeed = {
  scheduleType: ScheduleType;
  name: LocalizedText;
  basePriceCents: number;
  numberOfMeetings?: number;
  meetingsPerWeek?: number;
  /** A birthday package's most children. */
  maxChildren?: number;
  isRecurring?: boolean;
};

/** Weeks of a season in which an academy runs, by the season's key, with the seats per week. */
export type AcademyWeeksSeed = { season: string; weekStarts: string[]; seats: number };

export type ProductSeed = {
  slug: string;
  productType: ProductType;
  category: string;
  ageGroup: AgeGroup;
  language: InstructionLanguage;
  location: string;
  instructors: string[];
  isFeatured?: boolean;
  /** Full refund up to this many days before the booked date (workshops and events, D142). */
  refundDaysBefore?: number;
  name: LocalizedText;
  summary: LocalizedText;
  body: LocalizedText;
  program: LocalizedText;
  length: LocalizedText;
  seoText: LocalizedText;
  qna: QnaEntry[];
  /** Alt text of the title image `/images/catalogue/<slug>.svg`. */
  titleImageAlt: LocalizedText;
  /** Keys of shared student-work images (see student-works.ts). */
  studentWorks?: string[];
  weeklySlots?: WeeklySlotSeed[];
  datedSlots?: DatedSlotSeed[];
  academyWeeks?: AcademyWeeksSeed[];
  purchaseOptions: PurchaseOptionSeed[];
};

export type ContentPageSeed = {
  key: string;
  title: LocalizedText;
  description: LocalizedText;
  body: LocalizedText;
};
