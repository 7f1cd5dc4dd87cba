import { ContentPageParamsSchema, ContentPageSchema, LocaleQuerySchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { jsonBody, type ResponseCache, sendCached } from "../catalogue/index.ts";
import type { ContentService } from "./content.service.ts";

export type ContentRoutesDeps = { content: ContentService; cache: ResponseCache };

export const contentRoutes =
  ({ content, cache }: ContentRoutesDeps): FastifyPluginAsyncZod =>
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
        const cached = await cache.get(`page|${request.locale}|${key}`, async () =>
          jsonBody(await content.getPage(key, request.locale)),
        );
        return sendCached(request, reply, cached);
      },
    );
  };
