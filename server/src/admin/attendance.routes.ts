import {
  AttendanceMarkInputSchema,
  AttendanceMarkSchema,
  AttendanceQuerySchema,
  DashboardSchema,
  LessonSummaryListSchema,
  LessonsQuerySchema,
  LocaleQuerySchema,
  RosterSchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createAttendance } from "../checkin/index.ts";
import type { Db } from "../db/index.ts";
import { currentUser } from "../plugins/index.ts";
import { accountingRoutes } from "./accounting.routes.ts";
import { rosterCsv } from "./attendance-csv.ts";
import { recordAudit } from "./audit.repository.ts";
import { createDashboard } from "./dashboard.service.ts";
import { createDayLessons } from "./day-lessons.service.ts";
import { auditExportOn, download, errors } from "./exports.ts";
import { instructorReportsRoutes } from "./instructor-reports.routes.ts";
import { adminOperation as base } from "./route-docs.ts";

/**
 * Attendance and the dashboard (issue 21, D131–D133; the accounting export is `accounting.routes.ts`). Registered inside
 * `adminRoutes`, so `requireStaff` guards every route before anything is read.
 */
export const attendanceRoutes =
  ({
    db,
    ...accounting
  }: { db: Db } & Omit<Parameters<typeof accountingRoutes>[0], "db">): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(accountingRoutes({ db, ...accounting }));
    // Instructors' reports of lessons they cannot give (issue 35, D383): beside the day's lessons.
    await app.register(instructorReportsRoutes({ db }));
    const attendance = createAttendance(db, { recordAudit });
    const dashboard = createDashboard(db, { attendance });
    const dayLessons = createDayLessons(db, { attendance });

    const auditExport = auditExportOn(db);

    app.get(
      "/api/v2/admin/dashboard/",
      {
        schema: {
          ...base("Sales, today's and tomorrow's lessons, offers filling up, open requests, payment issues"),
          querystring: LocaleQuerySchema,
          response: { 200: DashboardSchema, ...errors },
        },
      },
      async (request) => dashboard.read(request.query.locale ?? "de"),
    );

    app.get(
      "/api/v2/admin/attendance/lessons/",
      {
        schema: {
          ...base("The lessons of one day with the children coming, present and absent"),
          querystring: LessonsQuerySchema,
          response: { 200: LessonSummaryListSchema, ...errors },
        },
      },
      async (request) => dayLessons(request.query.date, request.query.locale ?? "de"),
    );

    app.get(
      "/api/v2/admin/attendance/",
      {
        schema: {
          ...base("The roster of one slot at one lesson date: children, seats left, waiting list"),
          querystring: AttendanceQuerySchema,
          response: { 200: RosterSchema, ...errors },
        },
      },
      async (request) => attendance.roster(request.query),
    );

    app.get(
      "/api/v2/admin/attendance/roster.csv",
      {
        schema: {
          ...base("The roster as CSV (UTF-8 with BOM, `;`-separated, safe against formula injection)"),
          querystring: AttendanceQuerySchema,
          response: { ...errors },
        },
      },
      async (request, reply) => {
        const locale = request.query.locale ?? "de";
        const roster = await attendance.roster(request.query);
        await auditExport(currentUser(request), "attendance", roster.lesson.slot, {
          lesson_date: roster.lesson.date,
          children: roster.children.length,
        });
        const name = `anwesenheit-${roster.lesson.date}-${roster.lesson.slot}.csv`;
        return download(reply, "text/csv; charset=utf-8", name, rosterCsv(roster, locale));
      },
    );

    app.put(
      "/api/v2/admin/attendance/",
      {
        schema: {
          ...base("Mark a booked child present or absent at one lesson date (repeatable)"),
          querystring: LocaleQuerySchema,
          body: AttendanceMarkInputSchema,
          response: { 200: AttendanceMarkSchema, ...errors },
        },
      },
      async (request) => attendance.mark(currentUser(request), request.body),
    );
  };
