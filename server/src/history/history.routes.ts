import { HistoryQuerySchema, HistorySchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorReplySchema } from "../errors/index.ts";
import { requireUser } from "../plugins/index.ts";
import type { HistoryService } from "./history.service.ts";

/**
 * `GET /api/v2/orders/items/history/` of spec §7: the signed-in parent's bought items. A guest (no
 * `Authorization` header) has bought nothing: `[]`, as for a parent without purchases, since the existing
 * client asks on every product page (issue 31 item 7, D220). A token that names nobody is still 401, as DRF
 * answers it, so a client with an ended session learns so.
 */
export const historyRoutes =
  ({ history }: { history: HistoryService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/orders/items/history/",
      {
        preHandler: async (request) => {
          if (request.headers.authorization !== undefined) await requireUser(request);
        },
        schema: {
          tags: ["orders"],
          summary:
            "My bought items, newest first (a bare list, at most HISTORY_MAX_ITEMS); a guest without a token gets []",
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
      async (request) => (request.user ? history.list(request.user.id, request.query, request.locale) : []),
    );
  };
