import {
  AdminConfirmDateSchema,
  AdminIdParamsSchema,
  AdminVisitMessageInputSchema,
  AdminVisitMessageListSchema,
  AdminVisitMessageSchema,
  AdminVisitRequestSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/index.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";
import type { createVisitAnswers } from "./visit-answers.service.ts";

/**
 * The school's answers to a visit request (issue 29; D270–D272): confirm a date with its lesson, and write
 * to the family. Registered inside `requestsAdminRoutes`, behind the back office's `requireStaff`.
 */
type App = Parameters<FastifyPluginAsyncZod>[0];

export function visitAnswerRoutes(app: App, answers: ReturnType<typeof createVisitAnswers>): void {
  app.post(
    "/api/v2/admin/visit-requests/:id/confirm/",
    {
      schema: {
        ...base("Confirm the day of a trial or off-site visit: the parent is mailed in their language"),
        params: AdminIdParamsSchema,
        querystring: LocaleQuerySchema,
        body: AdminConfirmDateSchema,
        response: { 200: AdminVisitRequestSchema, ...errors },
      },
    },
    async (request) => answers.confirmVisitDate(currentUser(request), request.params.id, request.body),
  );

  app.get(
    "/api/v2/admin/visit-requests/:id/messages/",
    {
      schema: {
        ...base("The messages staff wrote to the family of a visit request, oldest first"),
        params: AdminIdParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: AdminVisitMessageListSchema, ...errors },
      },
    },
    async (request) => answers.visitMessages(request.params.id),
  );
  app.post(
    "/api/v2/admin/visit-requests/:id/messages/",
    {
      schema: {
        ...base("Write to the family of a visit request: mailed in their language, kept with the request"),
        params: AdminIdParamsSchema,
        querystring: LocaleQuerySchema,
        body: AdminVisitMessageInputSchema,
        response: { 201: AdminVisitMessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await answers.writeToFamily(currentUser(request), request.params.id, request.body)),
  );
}
