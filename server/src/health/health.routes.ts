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

export const healthRoutes =
  (deps: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/healthz", { schema: { tags: ["health"], response: { 200: HealthSchema } } }, async () => ({
      status: "ok" as const,
    }));

    app.get(
      "/readyz",
      { schema: { tags: ["health"], response: { 200: ReadySchema, 503: NotReadySchema } } },
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
