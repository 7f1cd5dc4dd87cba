import {
  AttendanceMarkInputSchema,
  AttendanceMarkSchema,
  InstructorLessonsSchema,
  InstructorMeSchema,
  InstructorReportInputSchema,
  InstructorReportSchema,
  InstructorRosterQuerySchema,
  InstructorRosterSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorReplySchema } from "../errors/index.ts";
import { currentUser, requireInstructor } from "../plugins/index.ts";
import type { InstructorDesk } from "./instructor-desk.service.ts";

const errors = {
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  403: ErrorReplySchema,
  404: ErrorReplySchema,
};
const base = (summary: string) => ({
  tags: ["instructor"],
  security: [{ tokenAuth: [] }],
  summary,
});

/**
 * `/api/v2/instructor/*` (issue 35, D380): the instructor's phone. `requireInstructor` guards every route:
 * customers, staff and admins get 403 here, as instructors get 403 on every staff route.
 */
export const instructorDeskRoutes =
  ({ desk }: { desk: InstructorDesk }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireInstructor);

    app.get(
      "/api/v2/instructor/me/",
      {
        schema: {
          ...base("Who teaches here, and as which instructor"),
          querystring: LocaleQuerySchema,
          response: { 200: InstructorMeSchema, ...errors },
        },
      },
      async (request) => desk.me(currentUser(request), request.query.locale ?? request.locale),
    );

    app.get(
      "/api/v2/instructor/lessons/",
      {
        schema: {
          ...base(
            "The instructor's own lessons today and the six days after (Berlin days, closures left out)",
          ),
          querystring: LocaleQuerySchema,
          response: { 200: InstructorLessonsSchema, ...errors },
        },
      },
      async (request) => desk.lessons(currentUser(request), request.query.locale ?? request.locale),
    );

    app.get(
      "/api/v2/instructor/roster/",
      {
        schema: {
          ...base("The roster of one own lesson: children, age, marks, trial visitors, parents' phones"),
          querystring: InstructorRosterQuerySchema,
          response: { 200: InstructorRosterSchema, ...errors },
        },
      },
      async (request) =>
        desk.roster(
          currentUser(request),
          request.query.slot,
          request.query.date,
          request.query.locale ?? request.locale,
        ),
    );

    app.put(
      "/api/v2/instructor/attendance/",
      {
        schema: {
          ...base("Mark a child of an own lesson present or absent (repeatable, audited)"),
          querystring: LocaleQuerySchema,
          body: AttendanceMarkInputSchema,
          response: { 200: AttendanceMarkSchema, ...errors },
        },
      },
      async (request) => desk.mark(currentUser(request), request.body),
    );

    app.post(
      "/api/v2/instructor/reports/",
      {
        schema: {
          ...base('"I can\'t give this lesson": a request to staff with a reason; cancels nothing'),
          querystring: LocaleQuerySchema,
          body: InstructorReportInputSchema,
          response: { 200: InstructorReportSchema, ...errors },
        },
      },
      async (request) =>
        desk.report(currentUser(request), request.body, request.query.locale ?? request.locale),
    );
  };
