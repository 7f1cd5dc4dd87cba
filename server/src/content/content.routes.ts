import { ContentPageParamsSchema, ContentPageSchema, LocaleQuerySchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type EpochCache, jsonBody, sendCached } from "../catalogue/index.ts";
import type { ContentService } from "./content.service.ts";

/**
 * Replies are reused within one catalogue epoch (D85): a staff edit commits to `content_pages`, whose
 * trigger ends the epoch (migration 0012), so the shop shows it on the next request (D123).
 */
export type ContentRoutesDeps = { content: ContentService; epochCache: EpochCache };

export const contentRoutes =
  ({ content, epochCache }: ContentRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/pages/:key/",
      {
        schema: {
          tags: ["content"],
          summary:
            "A content page (home, about-us, prices, contacts, legal, privacy, terms, school-offers, special-offers)",
          params: ContentPageParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: ContentPageSchema, 404: z.object({ detail: z.string() }).passthrough() },
        },
      },
      async (request, reply) => {
        const { key } = request.params;
        const cached = await epochCache.get(`page|${request.locale}|${key}`, async () =>
          jsonBody(await content.getPage(key, request.locale)),
        );
        return sendCached(request, reply, cached);
      },
    );
  };
