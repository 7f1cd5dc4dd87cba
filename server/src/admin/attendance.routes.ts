import {
  AccountingParamsSchema,
  AttendanceMarkInputSchema,
  AttendanceMarkSchema,
  AttendanceQuerySchema,
  DashboardSchema,
  LessonSummaryListSchema,
  LessonsQuerySchema,
  LocaleQuerySchema,
  RosterSchema,
} from "@atelier/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createAttendance } from "../checkin/index.ts";
import type { Db } from "../db/index.ts";
import { ErrorReplySchema } from "../errors/index.ts";
import { accountingCsv, accountingZip, findMonthDocuments, type Seller } from "../invoices/index.ts";
import { currentUser } from "../plugins/index.ts";
import { rosterCsv } from "./attendance-csv.ts";
import { recordAudit } from "./audit.repository.ts";
import { createDashboard } from "./dashboard.service.ts";
import { adminOperation as base } from "./route-docs.ts";

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 403: ErrorReplySchema, 404: ErrorReplySchema };

function download(reply: FastifyReply, type: string, filename: string, body: string | Buffer) {
  return reply
    .type(type)
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "private, no-store")
    .send(body);
}

/**
 * Attendance, the dashboard and the accounting export (issue 21, D131–D134). Registered inside
 * `adminRoutes`, so `requireStaff` guards every route before anything is read.
 */
export const attendanceRoutes =
  ({ db, seller }: { db: Db; seller: Seller }): FastifyPluginAsyncZod =>
  async (app) => {
    const attendance = createAttendance(db, { recordAudit });
    const dashboard = createDashboard(db, { attendance });

    /** Staff took personal or tax data out of the shop: who, what and when (D132, D134). */
    const auditExport = (
      staff: { id: number; email: string },
      resource: string,
      recordId: number,
      what: object,
    ) =>
      db.transaction((tx) =>
        recordAudit(tx, {
          userId: staff.id,
          userEmail: staff.email,
          resource,
          recordId,
          action: "export",
          before: null,
          after: what,
        }),
      );

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
      async (request) => attendance.lessons(request.query.date, request.query.locale ?? "de"),
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

    app.get(
      "/api/v2/admin/accounting/:month/documents.csv",
      {
        schema: {
          ...base("A month's invoices and credit notes as CSV for the tax adviser"),
          params: AccountingParamsSchema,
          querystring: LocaleQuerySchema,
          response: { ...errors },
        },
      },
      async (request, reply) => {
        const { month } = request.params;
        const rows = await findMonthDocuments(db, month);
        await auditExport(currentUser(request), "accounting", Number(month.replace("-", "")), {
          month,
          format: "csv",
          documents: rows.map((row) => row.number),
        });
        return download(reply, "text/csv; charset=utf-8", `belege-${month}.csv`, accountingCsv(rows, seller));
      },
    );

    app.get(
      "/api/v2/admin/accounting/:month/documents.zip",
      {
        schema: {
          ...base("A month's invoices and credit notes as PDFs in one ZIP, with the CSV"),
          params: AccountingParamsSchema,
          querystring: LocaleQuerySchema,
          response: { ...errors },
        },
      },
      async (request, reply) => {
        const { month } = request.params;
        const rows = await findMonthDocuments(db, month);
        await auditExport(currentUser(request), "accounting", Number(month.replace("-", "")), {
          month,
          format: "zip",
          documents: rows.map((row) => row.number),
        });
        return download(
          reply,
          "application/zip",
          `belege-${month}.zip`,
          await accountingZip(rows, seller, month),
        );
      },
    );
  };
