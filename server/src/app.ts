import { randomUUID } from "node:crypto";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { accountsRoutes } from "./accounts/accounts.routes.ts";
import { createCatalogueApi } from "./catalogue/catalogue-api.ts";
import type { Env } from "./config/env.ts";
import type { Database } from "./db/client.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { cartRoutes } from "./orders/cart.routes.ts";
import { createCartService } from "./orders/cart.service.ts";
import { registerAuth } from "./plugins/auth.ts";
import { registerCompression } from "./plugins/compression.ts";
import { type ErrorReporter, registerErrorHandler } from "./plugins/error-handler.ts";
import { registerInputGuard } from "./plugins/input-guard.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerRequestLocale } from "./plugins/request-locale.ts";
import { registerSecurity } from "./plugins/security.ts";
import { registerSpa } from "./spa/spa.plugin.ts";
import { visitorsRoutes } from "./visitors/visitors.routes.ts";
import { createVisitorsService } from "./visitors/visitors.service.ts";

const here = dirname(fileURLToPath(import.meta.url));

export type AppDeps = {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  reportError?: ErrorReporter;
};

export async function buildApp(deps: AppDeps) {
  const { env, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    genReqId: (req) => (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestLocale(app);
  registerErrorHandler(app, deps.reportError);
  registerInputGuard(app);
  await registerSecurity(app, { corsOrigins: env.CORS_ORIGINS, sentryDsn: env.SENTRY_DSN });
  await registerCompression(app);
  await registerOpenApi(app, env.PUBLIC_URL);

  await app.register(healthRoutes({ ping: database.ping, databaseKind: database.kind }));
  registerAuth(app, { db: database.db, tokenTtlDays: env.AUTH_TOKEN_TTL_DAYS });
  await app.register(accountsRoutes({ db: database.db, env }));

  await app.register(visitorsRoutes({ visitors: createVisitorsService(database.db) }));
  const cart = createCartService({
    db: database.db,
    siblingDiscountPercent: env.SIBLING_DISCOUNT_PERCENT,
    publicUrl: env.PUBLIC_URL,
  });
  await app.register(cartRoutes({ cart }));

  const catalogueApi = createCatalogueApi({ db: database.db, env });
  await app.register(catalogueApi.routes);

  await registerSpa(app, {
    distDir: env.WEB_DIST_DIR ?? resolve(here, "../../web/dist"),
    publicUrl: env.PUBLIC_URL,
    headProvider: catalogueApi.headProvider,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
