import { CheckinParamsSchema, CheckinSchema, LocaleQuerySchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorReplySchema } from "../errors/index.ts";
import { currentUser, requireStaff } from "../plugins/index.ts";
import type { CheckinService } from "./checkin.service.ts";

const schema = {
  tags: ["check-in"],
  security: [{ tokenAuth: [] }],
  params: CheckinParamsSchema,
  querystring: LocaleQuerySchema,
  response: {
    200: CheckinSchema,
    400: ErrorReplySchema,
    401: ErrorReplySchema,
    403: ErrorReplySchema,
    404: ErrorReplySchema,
  },
};

/** `GET/POST /api/v2/checkin/{code}/`: staff read a booking's QR code and check the child in. */
export const checkinRoutes =
  ({ checkin }: { checkin: CheckinService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/checkin/:code/",
      { preValidation: requireStaff, schema: { ...schema, summary: "The booking behind a check-in code" } },
      async (request) => checkin.view(request.params.code, request.locale),
    );
    app.post(
      "/api/v2/checkin/:code/",
      {
        preValidation: requireStaff,
        schema: { ...schema, summary: "Check the child in for today's lesson (idempotent per lesson date)" },
      },
      async (request) => checkin.checkIn(currentUser(request), request.params.code, request.locale),
    );
  };
