import type { FastifyPluginAsync } from "fastify";
import {
  catalogueRoutes,
  createCatalogueService,
  createEpochCache,
  createEpochCounter,
  createResponseCache,
  findMsUntilTimedChange,
  mediaUrlOn,
} from "./catalogue/index.ts";
import { type Env, staffNoticeRecipients } from "./config/index.ts";
import { contactRoutes, createContactService } from "./contact/index.ts";
import { contentRoutes, createContentService } from "./content/index.ts";
import type { ChangeFeed, Db } from "./db/index.ts";
import { createHeadProvider, seoRoutes } from "./seo/index.ts";
import type { StaffRecipients } from "./settings/index.ts";
import type { HeadProvider } from "./spa/index.ts";
import { createWagtailService, wagtailRoutes } from "./wagtail/index.ts";

/**
 * How long a finished reply without seats left (categories, instructors, content pages) is reused in
 * this process; replies with seats left are reused only within one catalogue epoch instead (D85).
 */
export const CATALOGUE_CACHE_TTL_MS = 5_000;

export type CatalogueApiDeps = {
  db: Db;
  /** What the public pages read: the catalogue's own small pool on PostgreSQL (D89); `db` without it. */
  readDb?: Db;
  /** Commits to the catalogue and its seats, which end the reuse of replies with seats left. */
  changes: ChangeFeed;
  env: Pick<Env, "PUBLIC_URL" | "SCHOOL_EMAIL" | "STAFF_NOTIFY_EMAILS">;
  cacheTtlMs?: number;
  /** Who receives contact requests, read when one arrives (D243); the environment's addresses without it. */
  staffRecipients?: StaffRecipients;
};

/**
 * The public side of the shop: catalogue, content pages, contact forms, sitemap and robots.txt, the
 * existing client's Wagtail reads (`routes`), and the per-page head for the SPA plugin (`headProvider`).
 */
export function createCatalogueApi({
  db,
  readDb = db,
  changes,
  env,
  cacheTtlMs = CATALOGUE_CACHE_TTL_MS,
  staffRecipients = async () => staffNoticeRecipients(env),
}: CatalogueApiDeps): {
  routes: FastifyPluginAsync;
  headProvider: HeadProvider;
} {
  const catalogue = createCatalogueService(readDb, mediaUrlOn(env.PUBLIC_URL));
  const content = createContentService(readDb);
  const contact = createContactService({
    db,
    schoolEmails: staffRecipients,
    publicUrl: env.PUBLIC_URL,
  });
  const publicUrl = env.PUBLIC_URL;
  // The existing client's Wagtail reads (D93): media paths stay relative, as Wagtail writes them.
  const wagtail = createWagtailService({ catalogue: createCatalogueService(readDb), content, publicUrl });

  const routes: FastifyPluginAsync = async (app) => {
    const cache = createResponseCache({ ttlMs: cacheTtlMs });
    const epochs = createEpochCounter(changes, () => findMsUntilTimedChange(readDb));
    const epochCache = createEpochCache(epochs);
    app.addHook("onClose", async () => {
      cache.dispose();
      epochCache.dispose();
      epochs.dispose();
    });
    await app.register(catalogueRoutes({ catalogue, cache, epochCache, publicUrl }));
    await app.register(contentRoutes({ content, epochCache }));
    await app.register(contactRoutes({ contact }));
    await app.register(seoRoutes({ db: readDb, cache, publicUrl }));
    await app.register(wagtailRoutes({ wagtail, epochCache }));
  };

  return { routes, headProvider: createHeadProvider({ catalogue, content, publicUrl }) };
}
