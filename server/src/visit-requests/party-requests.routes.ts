import {
  LocaleQuerySchema,
  PartyRequestInputSchema,
  PartyRequestListSchema,
  PartyRequestSchema,
} from "@atelier/contract";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, ErrorReplySchema } from "../errors/index.ts";
import { accountRateKey, currentUser, requireUser } from "../plugins/index.ts";
import type { PartyRequestsService } from "./party-requests.service.ts";

const PARTY_REQUESTS_PER_MINUTE = 10;

/** Birthday-party requests of a signed-in parent (D158, D159). */
export const partyRequestsRoutes =
  ({ partyRequests }: { partyRequests: PartyRequestsService }): FastifyPluginAsyncZod =>
  async (app) => {
    // The token's limit below counts every request, a wrong token's too (D493); each sign-in has its own
    // token, so the account's own is counted after the sign-in check as well (D527).
    const perAccount = app.createRateLimit({
      max: PARTY_REQUESTS_PER_MINUTE,
      timeWindow: "1 minute",
      keyGenerator: (request) => `party_request:user:${currentUser(request).id}`,
    });
    const accountLimit: preHandlerAsyncHookHandler = async (request, reply) => {
      const result = await perAccount(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header("retry-after", String(result.ttlInSeconds));
        throw new AppError("throttled", 429);
      }
    };
    app.post(
      "/api/v2/party_requests/",
      {
        preValidation: requireUser,
        preHandler: accountLimit,
        // Per account (the route is for signed-in parents), so families behind one address do not share it.
        config: {
          rateLimit: {
            max: PARTY_REQUESTS_PER_MINUTE,
            timeWindow: "1 minute",
            keyGenerator: (request) => `party_request:${accountRateKey(request)}`,
          },
        },
        schema: {
          tags: ["orders"],
          summary: "Ask for a birthday party: preferred days, children, package and a comment",
          security: [{ tokenAuth: [] }],
          querystring: LocaleQuerySchema,
          body: PartyRequestInputSchema,
          response: {
            201: PartyRequestSchema,
            400: ErrorReplySchema,
            401: ErrorReplySchema,
            429: ErrorReplySchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await partyRequests.submit(currentUser(request).id, request.body, request.locale)),
    );
    app.get(
      "/api/v2/party_requests/",
      {
        preValidation: requireUser,
        schema: {
          tags: ["users"],
          summary:
            "The signed-in parent's party requests and where each stands (sent, confirmed, paid, declined)",
          security: [{ tokenAuth: [] }],
          querystring: LocaleQuerySchema,
          response: { 200: PartyRequestListSchema, 401: ErrorReplySchema },
        },
      },
      async (request) => partyRequests.mine(currentUser(request).id, request.locale),
    );
  };
