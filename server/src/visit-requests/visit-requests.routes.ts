import {
  LocaleQuerySchema,
  MyVisitRequestListSchema,
  VISIT_REQUEST_RATE_LIMIT_PER_MINUTE,
  type VisitRequestKind,
  VisitRequestReplySchema,
  VisitRequestSchema,
  WaitingRequestSchema,
} from "@atelier/contract";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, ErrorReplySchema } from "../errors/index.ts";
import { clientKey, currentUser, requireUser } from "../plugins/index.ts";
import type { VisitRequestsService } from "./visit-requests.service.ts";

export type VisitRequestsRoutesDeps = { visitRequests: VisitRequestsService; ratePerMinute?: number };

const ROUTES: { path: string; kind: VisitRequestKind; summary: string }[] = [
  { path: "/api/v2/orders/visit_request/", kind: "trial", summary: "Ask for a trial visit" },
  { path: "/api/v2/orders/visit_request/out/", kind: "out", summary: "Ask for an off-site visit" },
  { path: "/api/v2/orders/visit_request/waiting/", kind: "waiting", summary: "Join an offer's waiting list" },
];

/** Visit requests of spec §7; guests may send them, a valid token notes the parent's account. */
export const visitRequestsRoutes =
  ({
    visitRequests,
    ratePerMinute = VISIT_REQUEST_RATE_LIMIT_PER_MINUTE,
  }: VisitRequestsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Per client address (TRUST_PROXY decides which), like the contact forms, but one count for all three
    // kinds (a route's own `config.rateLimit` would count each path apart): 429 with Retry-After beyond.
    const perIp = app.createRateLimit({
      max: ratePerMinute,
      timeWindow: "1 minute",
      keyGenerator: (request) => `visit_request:ip:${clientKey(request)}`,
    });
    const limit: onRequestAsyncHookHandler = async (request, reply) => {
      const result = await perIp(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header("retry-after", String(result.ttlInSeconds));
        throw new AppError("throttled", 429);
      }
    };
    const response = { 201: VisitRequestReplySchema, 400: ErrorReplySchema, 429: ErrorReplySchema };

    for (const { path, kind, summary } of ROUTES) {
      app.post(
        path,
        {
          onRequest: limit,
          schema: {
            tags: ["orders"],
            summary,
            security: [{}, { tokenAuth: [] }],
            querystring: LocaleQuerySchema,
            body: kind === "waiting" ? WaitingRequestSchema : VisitRequestSchema,
            response,
          },
        },
        async (request, reply) => {
          // A stale token is a guest here, as on the cart: the request still reaches the school.
          const user = await request.server.authenticateRequest(request);
          const stored = await visitRequests.submit(kind, request.body, {
            userId: user?.id ?? null,
            locale: request.locale,
          });
          return reply.status(201).send(stored);
        },
      );
    }

    app.get(
      "/api/v2/users/visit_requests/",
      {
        preValidation: requireUser,
        schema: {
          tags: ["users"],
          summary: "The signed-in parent's visit requests with the school's answer (status, confirmed date)",
          security: [{ tokenAuth: [] }],
          querystring: LocaleQuerySchema,
          response: { 200: MyVisitRequestListSchema, 401: ErrorReplySchema },
        },
      },
      async (request) => visitRequests.mine(currentUser(request).id, request.locale),
    );
  };
