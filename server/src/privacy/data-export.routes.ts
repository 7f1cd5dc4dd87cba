import { berlinDate, DataExportSchema, LocaleQuerySchema } from "@atelier/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorReplySchema } from "../errors/index.ts";
import { accountRateKey, currentUser, requireUser } from "../plugins/index.ts";
import type { DataExportService } from "./data-export.service.ts";

/** A family's file reads every area: a few a minute are plenty for a person, and bound what it costs. */
export const DATA_EXPORTS_PER_MINUTE = 5;

/**
 * The family's file as a download, for the parent's route and staff's alike: named by the Berlin day it was
 * made (two downloads sort by date), kept by no cache.
 */
export function asDataExportFile<T>(reply: FastifyReply, file: T, at: Date): T {
  reply
    .header("content-disposition", `attachment; filename="atelier-meine-daten-${berlinDate(at)}.json"`)
    .header("cache-control", "private, no-store");
  return file;
}

/**
 * `GET /api/v2/users/me/data-export/` (D560): the signed-in parent's data as one JSON file, to keep or to
 * take elsewhere (Art. 15 and 20 GDPR). Reads the whole family, so a few a minute per account.
 */
export const dataExportRoutes =
  ({ dataExport }: { dataExport: DataExportService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/users/me/data-export/",
      {
        preValidation: requireUser,
        config: {
          // Counted by the sign-in's token (the route runs before the user is known), else the address.
          rateLimit: {
            max: DATA_EXPORTS_PER_MINUTE,
            timeWindow: "1 minute",
            keyGenerator: (request) => `data_export:${accountRateKey(request)}`,
          },
        },
        schema: {
          tags: ["users"],
          summary: "My data as the shop holds it, as a JSON file (Art. 15 and 20 GDPR)",
          security: [{ tokenAuth: [] }],
          querystring: LocaleQuerySchema,
          response: { 200: DataExportSchema, 401: ErrorReplySchema, 429: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const now = new Date();
        return asDataExportFile(
          reply,
          await dataExport.of(currentUser(request).id, request.locale, now),
          now,
        );
      },
    );
  };
