import {
  AdminIdParamsSchema,
  AdminListQuerySchema,
  INSTRUCTOR_REPORT_STATUSES,
  InstructorReportListSchema,
  InstructorReportSchema,
  InstructorReportStatusInputSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  findReport,
  listReportsForStaff,
  lockReport,
  setReportStatus,
  toReport,
} from "../instructor-desk/index.ts";
import { currentUser } from "../plugins/index.ts";
import { recordAudit } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { errors } from "./exports.ts";
import { filterValue, rangeOf, sendList } from "./list-query.ts";
import { adminOperation as base } from "./route-docs.ts";

/**
 * "I can't give this lesson" as staff read it (issue 35, D383): the instructors' reports, open ones
 * first; staff mark one done when they have dealt with it (cancelled the lesson or found a stand-in).
 * Registered inside `adminRoutes`, so `requireStaff` guards every route.
 */
export const instructorReportsRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/admin/instructor-reports/",
      {
        schema: {
          ...base("Instructors' reports of lessons they cannot give; filter status (open, done)"),
          querystring: AdminListQuerySchema,
          response: { 200: InstructorReportListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const filter = request.query.filter ?? {};
        const cut = rangeOf(request.query);
        const status = filterValue.strings(filter, "status", INSTRUCTOR_REPORT_STATUSES)?.[0];
        const page = await listReportsForStaff(db, { status, ids: filterValue.ids(filter, "id") }, cut);
        const locale = request.query.locale ?? request.locale;
        return sendList(reply, "instructor-reports", cut.offset, {
          rows: page.rows.map((row) => toReport(row, locale)),
          total: page.total,
        });
      },
    );

    app.get(
      "/api/v2/admin/instructor-reports/:id/",
      {
        schema: {
          ...base("One instructor's report"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: InstructorReportSchema, ...errors },
        },
      },
      async (request) => {
        const row = foundOr404(await findReport(db, request.params.id));
        return toReport(row, request.query.locale ?? request.locale);
      },
    );

    app.put(
      "/api/v2/admin/instructor-reports/:id/",
      {
        schema: {
          ...base("Mark a report done (or open again); audited"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: InstructorReportStatusInputSchema,
          response: { 200: InstructorReportSchema, ...errors },
        },
      },
      async (request) => {
        const staff = currentUser(request);
        const { id } = request.params;
        await db.transaction(async (tx) => {
          const before = await lockReport(tx, id);
          if (!before) throw AppError.notFound();
          if (before.status === request.body.status) return;
          await setReportStatus(tx, id, request.body.status);
          await recordAudit(tx, {
            userId: staff.id,
            userEmail: staff.email,
            resource: "instructor-reports",
            recordId: id,
            action: "update",
            before: { status: before.status },
            after: { status: request.body.status },
          });
        });
        const row = foundOr404(await findReport(db, id));
        return toReport(row, request.query.locale ?? request.locale);
      },
    );
  };
