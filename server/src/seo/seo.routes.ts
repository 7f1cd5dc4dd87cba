import type { FastifyPluginAsync } from "fastify";
import { findPublicSlugs, type ResponseCache, sendCached, textBody } from "../catalogue/index.ts";
import type { DbOrTx } from "../db/index.ts";
import { renderRobots, renderSitemap, SITEMAP_STATIC_PATHS } from "./sitemap.ts";

export type SeoRoutesDeps = { db: DbOrTx; cache: ResponseCache; publicUrl: string };

/** `GET /sitemap.xml` and `GET /robots.txt`, absolute on PUBLIC_URL. */
export const seoRoutes =
  ({ db, cache, publicUrl }: SeoRoutesDeps): FastifyPluginAsync =>
  async (app) => {
    app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
      const cached = await cache.get("sitemap", async () => {
        const slugs = await findPublicSlugs(db);
        const entries = [
          ...SITEMAP_STATIC_PATHS.map((path) => ({ path })),
          ...slugs.products.map((p) => ({
            path: `/product/${encodeURIComponent(p.slug)}`,
            lastModified: new Date(p.updatedAt),
          })),
          ...slugs.instructors.map((i) => ({ path: `/instructor/${encodeURIComponent(i.slug)}` })),
        ];
        return textBody(renderSitemap(publicUrl, entries), "application/xml; charset=utf-8");
      });
      return sendCached(request, reply, cached, { localized: false });
    });

    app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) => {
      const cached = await cache.get("robots", async () =>
        textBody(renderRobots(publicUrl), "text/plain; charset=utf-8"),
      );
      return sendCached(request, reply, cached, { localized: false });
    });
  };
