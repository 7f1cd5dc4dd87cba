import { LocaleQuerySchema, VisitorParamsSchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { attachmentDisposition } from "../common/index.ts";
import { currentUser, requireUser } from "../plugins/index.ts";
import type { CalendarService } from "./calendar.service.ts";

/** A child's booked dates as .ics, for the parent signed in (the profile fetches and saves it, D77). */
export const calendarRoutes =
  ({ calendar }: { calendar: CalendarService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/visitors/:id/calendar.ics",
      {
        preValidation: requireUser,
        schema: {
          tags: ["visitors"],
          summary: "The child's booked dates (iCalendar, Europe/Berlin)",
          security: [{ tokenAuth: [] }],
          params: VisitorParamsSchema,
          querystring: LocaleQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await calendar.forVisitor(currentUser(request).id, request.params.id, request.locale);
        reply.type("text/calendar; charset=utf-8");
        reply.header("content-disposition", attachmentDisposition(file.filename));
        reply.header("cache-control", "private, no-store");
        return file.body;
      },
    );
  };
