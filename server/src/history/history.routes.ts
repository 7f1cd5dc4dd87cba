import { HistoryQuerySchema, HistorySchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendCached } from "../catalogue/index.ts";
import { ErrorReplySchema } from "../errors/index.ts";
import { requireUser } from "../plugins/index.ts";
import type { HistoryService } from "./history.service.ts";

/** A parent's own data: no shared cache may keep it, the browser revalidates it on every use (D421). */
export const HISTORY_CACHE_CONTROL = "private, no-cache";

/**
 * `GET /api/v2/orders/items/history/` of spec §7: the signed-in parent's bought items. A guest (no
 * `Authorization` header) has bought nothing: `[]`, as for a parent without purchases, since the existing
 * client asks on every product page (issue 31 item 7, D220). A token that names nobody is still 401, as DRF
 * answers it, so a client with an ended session learns so.
 *
 * The reply is made once per database snapshot and sent as made (D421), with an ETag: a browser asks again
 * each time (`private, no-cache`) and gets 304 while nothing changed.
 */
export const historyRoutes =
  ({ history }: { history: HistoryService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/orders/items/history/",
      {
        preValidation: async (request) => {
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
      async (request, reply) => {
        if (!request.user) return [];
        const body = await history.body(request.user.id, request.query, request.locale);
        // Each parent's own: a browser shared by two parents keeps them apart.
        reply.header("vary", "Authorization");
        return sendCached(request, reply, body, { cacheControl: HISTORY_CACHE_CONTROL });
      },
    );
  };
