import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const HealthSchema = z.object({ status: z.literal("ok") });
const ReadySchema = z.object({ status: z.literal("ready"), database: z.enum(["pglite", "postgres"]) });
const NotReadySchema = z.object({ detail: z.string() });

export type HealthDeps = {
  ping: () => Promise<void>;
  databaseKind: "pglite" | "postgres";
  /** True once the process was told to stop: it still serves, but a load balancer should send no more (D195). */
  draining: () => boolean;
};

/**
 * The proxy asks these every second: their requests are not logged (two lines each would be most of the
 * log, D528), only a warning when the database does not answer.
 */
const QUIET = { logLevel: "warn" } as const;

export const healthRoutes =
  (deps: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/healthz",
      { ...QUIET, schema: { tags: ["health"], response: { 200: HealthSchema } } },
      async () => ({ status: "ok" as const }),
    );

    app.get(
      "/readyz",
      { ...QUIET, schema: { tags: ["health"], response: { 200: ReadySchema, 503: NotReadySchema } } },
      async (request, reply) => {
        if (deps.draining()) return reply.status(503).send({ detail: "shutting down" });
        try {
          await deps.ping();
          return { status: "ready" as const, database: deps.databaseKind };
        } catch (err) {
          request.log.warn({ err }, "database not reachable");
          return reply.status(503).send({ detail: "database not reachable" });
        }
      },
    );
  };
