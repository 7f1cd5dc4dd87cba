import {
  IdParamsSchema,
  LocaleQuerySchema,
  VisitorInputSchema,
  VisitorListSchema,
  VisitorPatchSchema,
  VisitorSchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorReplySchema } from "../errors/index.ts";
import { currentUser, requireUser } from "../plugins/index.ts";
import type { VisitorsService } from "./visitors.service.ts";

const common = { tags: ["visitors"], security: [{ tokenAuth: [] }], querystring: LocaleQuerySchema };

/** `GET/POST /api/v2/visitors/`, `PATCH /api/v2/visitors/{id}/` (spec §7): a signed-in user's own visitors. */
export const visitorsRoutes =
  ({ visitors }: { visitors: VisitorsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/visitors/",
      {
        preValidation: requireUser,
        schema: {
          ...common,
          summary: "List my visitors",
          response: { 200: VisitorListSchema, 401: ErrorReplySchema },
        },
      },
      async (request) => visitors.list(currentUser(request).id),
    );

    app.post(
      "/api/v2/visitors/",
      {
        preValidation: requireUser,
        schema: {
          ...common,
          summary: "Add a visitor",
          body: VisitorInputSchema,
          response: { 201: VisitorSchema, 400: ErrorReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await visitors.create(currentUser(request).id, request.body)),
    );

    app.patch(
      "/api/v2/visitors/:id/",
      {
        preValidation: requireUser,
        schema: {
          ...common,
          summary: "Change a visitor",
          params: IdParamsSchema,
          body: VisitorPatchSchema,
          response: {
            200: VisitorSchema,
            400: ErrorReplySchema,
            401: ErrorReplySchema,
            404: ErrorReplySchema,
          },
        },
      },
      async (request) => visitors.update(currentUser(request).id, request.params.id, request.body),
    );
  };
