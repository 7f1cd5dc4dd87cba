import { HistoryQuerySchema, HistorySchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorReplySchema } from "../errors/index.ts";
import { currentUser, requireUser } from "../plugins/index.ts";
import type { HistoryService } from "./history.service.ts";

/** `GET /api/v2/orders/items/history/` of spec §7: the signed-in parent's bought items. */
export const historyRoutes =
  ({ history }: { history: HistoryService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/orders/items/history/",
      {
        preHandler: requireUser,
        schema: {
          tags: ["orders"],
          summary: "My bought items, newest first (a bare list, at most HISTORY_MAX_ITEMS)",
          security: [{ tokenAuth: [] }],
          querystring: HistoryQuerySchema,
          response: {
            200: HistorySchema,
            400: ErrorReplySchema,
            401: ErrorReplySchema,
            404: ErrorReplySchema,
          },
        },
      },
      async (request) => history.list(currentUser(request).id, request.query, request.locale),
    );
  };
