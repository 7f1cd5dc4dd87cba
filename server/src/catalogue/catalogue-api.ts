import type { FastifyPluginAsync } from "fastify";
import type { Env } from "../config/env.ts";
import { contactRoutes } from "../contact/contact.routes.ts";
import { createContactService } from "../contact/contact.service.ts";
import { contentRoutes } from "../content/content.routes.ts";
import { createContentService } from "../content/content.service.ts";
import type { ChangeFeed } from "../db/change-feed.ts";
import type { Db } from "../db/client.ts";
import { createHeadProvider } from "../seo/head-provider.ts";
import { seoRoutes } from "../seo/seo.routes.ts";
import type { HeadProvider } from "../spa/spa.plugin.ts";
import { catalogueRoutes } from "./catalogue.routes.ts";
import { createCatalogueService, mediaUrlOn } from "./catalogue.service.ts";
import { createCatalogueClock } from "./catalogue-clock.ts";
import { createCheckedCache } from "./checked-cache.ts";
import { createResponseCache } from "./http-cache.ts";
import { findMsUntilTimedChange } from "./product-read.repository.ts";

/**
 * How long a finished reply without seats left (categories, instructors, content pages) is reused in
 * this process; replies with seats left are reused only within one catalogue epoch instead (D85).
 */
export const CATALOGUE_CACHE_TTL_MS = 5_000;

export type CatalogueApiDeps = {
  db: Db;
  /** What the public pages read: the catalogue's own small pool on PostgreSQL (D88); `db` without it. */
  readDb?: Db;
  /** Commits to the catalogue and its seats, which end the reuse of replies with seats left. */
  changes: ChangeFeed;
  env: Pick<Env, "PUBLIC_URL" | "SCHOOL_EMAIL">;
  cacheTtlMs?: number;
};

/**
 * The public side of the shop: catalogue, content pages, contact forms, sitemap and robots.txt
 * (`routes`), and the per-page head for the SPA plugin (`headProvider`).
 */
export function createCatalogueApi({
  db,
  readDb = db,
  changes,
  env,
  cacheTtlMs = CATALOGUE_CACHE_TTL_MS,
}: CatalogueApiDeps): {
  routes: FastifyPluginAsync;
  headProvider: HeadProvider;
} {
  const catalogue = createCatalogueService(readDb, mediaUrlOn(env.PUBLIC_URL));
  const content = createContentService(readDb);
  const contact = createContactService({ db, schoolEmail: env.SCHOOL_EMAIL, publicUrl: env.PUBLIC_URL });
  const publicUrl = env.PUBLIC_URL;

  const routes: FastifyPluginAsync = async (app) => {
    const cache = createResponseCache({ ttlMs: cacheTtlMs });
    const clock = createCatalogueClock(changes, () => findMsUntilTimedChange(readDb));
    const checked = createCheckedCache(clock);
    app.addHook("onClose", async () => {
      cache.dispose();
      checked.dispose();
      clock.dispose();
    });
    await app.register(catalogueRoutes({ catalogue, cache, checked, publicUrl }));
    await app.register(contentRoutes({ content, cache }));
    await app.register(contactRoutes({ contact }));
    await app.register(seoRoutes({ db: readDb, cache, publicUrl }));
  };

  return { routes, headProvider: createHeadProvider({ catalogue, content, publicUrl }) };
}
