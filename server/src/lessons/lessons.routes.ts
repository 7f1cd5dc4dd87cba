import {
  AbsenceInputSchema,
  CancelLessonInputSchema,
  isIsoDate,
  LocaleQuerySchema,
  MakeupInputSchema,
  PathIdSchema,
  ReminderSettingsSchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorReplySchema } from "../errors/index.ts";
import { currentUser, requireStaff, requireUser } from "../plugins/index.ts";
import type { LessonsService } from "./lessons.service.ts";

// The bodies are described by the contract's types (CreditView, ComingLesson); the errors by their shape.
const errors = {
  200: z.unknown(),
  201: z.unknown(),
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  403: ErrorReplySchema,
  404: ErrorReplySchema,
};
const IdParams = z.object({ id: PathIdSchema });
const TokenParams = z.object({ token: z.string().max(100) });
const DatesBody = z.object({ dates: AbsenceInputSchema.shape.dates }).strict();
const FromQuery = LocaleQuerySchema.extend({
  from: z.string().max(10).refine(isIsoDate, { error: "invalid_date" }).optional(),
});

// Checked before the body is validated, after the rate limits (D493): a stranger hears 401/403, never a field error.
const user = { preValidation: requireUser };
const staff = { preValidation: requireStaff };
const tags = ["lessons"];
const security = [{ tokenAuth: [] }];
type App = Parameters<FastifyPluginAsyncZod>[0];

/** The parent's coming lessons, absences, credits and makeups; the reminder's absence link. */
function parentRoutes(app: App, lessons: LessonsService) {
  app.get(
    "/api/v2/lessons/",
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "My bookings' coming lessons",
        querystring: LocaleQuerySchema,
        response: errors,
      },
    },
    async (request) => lessons.lessonsOf(currentUser(request).id, request.locale),
  );
  app.post(
    "/api/v2/lessons/absences/",
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Report lessons a child won't come to",
        querystring: LocaleQuerySchema,
        body: AbsenceInputSchema,
        response: errors,
      },
    },
    async (request) => lessons.reportAbsence(currentUser(request).id, request.body),
  );
  app.get(
    "/api/v2/lessons/credits/",
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "My makeup credits",
        querystring: LocaleQuerySchema,
        response: errors,
      },
    },
    async (request) => lessons.credits(currentUser(request).id, request.locale),
  );
  app.get(
    "/api/v2/lessons/credits/:id/options/",
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Dates a credit can be used on",
        params: IdParams,
        querystring: LocaleQuerySchema,
        response: errors,
      },
    },
    async (request) => lessons.makeupOptions(currentUser(request).id, request.params.id, request.locale),
  );
  app.post(
    "/api/v2/lessons/makeups/",
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Use a credit for a makeup lesson",
        querystring: LocaleQuerySchema,
        body: MakeupInputSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await lessons.bookMakeup(currentUser(request).id, request.body)),
  );
  app.get(
    "/api/v2/lessons/cancellations/",
    {
      schema: {
        tags,
        summary: "Coming lesson dates the school cancelled, of one published product page",
        querystring: LocaleQuerySchema.extend({ product_page: IdParams.shape.id }),
        response: errors,
      },
    },
    async (request) => lessons.pageCancellations(request.query.product_page, request.locale),
  );
  app.get(
    "/api/v2/lessons/absence-links/:token/",
    {
      schema: {
        tags,
        summary: "The booking behind a reminder's absence link",
        params: TokenParams,
        querystring: LocaleQuerySchema,
        response: errors,
      },
    },
    async (request) => lessons.linkBooking(request.params.token, request.locale),
  );
  app.post(
    "/api/v2/lessons/absence-links/:token/",
    {
      schema: {
        tags,
        summary: "Report absences by a reminder's link",
        params: TokenParams,
        querystring: LocaleQuerySchema,
        body: DatesBody,
        response: errors,
      },
    },
    async (request) => lessons.reportByLink(request.params.token, request.body.dates),
  );
}

/** Staff cancel a lesson date, switch reminders and read a family's credits (403 for everyone else). */
function staffRoutes(app: App, lessons: LessonsService) {
  app.get(
    "/api/v2/admin/lessons/cancellations/",
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: "Cancelled lesson dates from a day on",
        querystring: FromQuery,
        response: errors,
      },
    },
    async (request) => lessons.cancellationsView(request.query.from, request.locale),
  );
  app.post(
    "/api/v2/admin/lessons/cancellations/",
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: "Cancel one lesson date of a slot",
        querystring: LocaleQuerySchema,
        body: CancelLessonInputSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await lessons.cancelLesson(currentUser(request), request.body)),
  );
  app.get(
    "/api/v2/admin/lessons/reminders/",
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: "Reminder kinds turned off",
        querystring: LocaleQuerySchema,
        response: errors,
      },
    },
    async () => ({ reminders_off: await lessons.reminderSettings() }),
  );
  app.put(
    "/api/v2/admin/lessons/reminders/",
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: "Turn reminder kinds off or on",
        querystring: LocaleQuerySchema,
        body: ReminderSettingsSchema,
        response: errors,
      },
    },
    async (request) => lessons.setReminderSettings(currentUser(request), request.body.reminders_off),
  );
  app.get(
    "/api/v2/admin/lessons/credits/",
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: "A family's makeup credits",
        querystring: LocaleQuerySchema.extend({ user: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: errors,
      },
    },
    async (request) => lessons.credits(request.query.user, request.locale),
  );
}

/**
 * Lessons over a season (issue 35): the parent's coming lessons, absences, credits and makeups; the signed
 * absence link of the reminder; staff cancel a lesson date and switch reminders.
 */
export const lessonsRoutes =
  ({ lessons }: { lessons: LessonsService }): FastifyPluginAsyncZod =>
  async (app) => {
    parentRoutes(app, lessons);
    staffRoutes(app, lessons);
  };
