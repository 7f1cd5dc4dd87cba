import { berlinDate, DataExportSchema, LocaleQuerySchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorReplySchema } from "../errors/index.ts";
import { accountRateKey, currentUser, requireUser } from "../plugins/index.ts";
import type { DataExportService } from "./data-export.service.ts";

/** A family's file reads every area: a few a minute are plenty for a person, and bound what it costs. */
export const DATA_EXPORTS_PER_MINUTE = 5;

/** The file's name: the day it was made, so two downloads of a family sort by date. */
export const dataExportFilename = (at: Date) => `atelier-meine-daten-${berlinDate(at)}.json`;

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
        const body = await dataExport.of(currentUser(request).id, request.locale, now);
        reply
          .header("content-disposition", `attachment; filename="${dataExportFilename(now)}"`)
          .header("cache-control", "private, no-store");
        return body;
      },
    );
  };
