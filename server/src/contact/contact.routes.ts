import {
  CONTACT_RATE_LIMIT_PER_MINUTE,
  ContactAppointmentSchema,
  ContactCallbackSchema,
  ContactCreatedSchema,
  ContactPartnershipSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorReplySchema } from "../errors/index.ts";
import type { ContactService } from "./contact.service.ts";

export type ContactRoutesDeps = { contact: ContactService; ratePerMinute?: number };

export const contactRoutes =
  ({ contact, ratePerMinute = CONTACT_RATE_LIMIT_PER_MINUTE }: ContactRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Limited per client IP (the forwarded address only from proxies in TRUST_PROXY) by the app's rate
    // limiter (plugins/rate-limit.ts); over the limit the error handler answers 429 `{"detail"}` with Retry-After.
    const config = { rateLimit: { max: ratePerMinute, timeWindow: "1 minute" } };
    const response = { 201: ContactCreatedSchema, 400: ErrorReplySchema, 429: ErrorReplySchema };

    app.post(
      "/api/v2/contact_us/appointment/",
      {
        config,
        schema: {
          tags: ["contact"],
          summary: "Ask for an appointment",
          querystring: LocaleQuerySchema,
          body: ContactAppointmentSchema,
          response,
        },
      },
      async (request, reply) => {
        const stored = await contact.submit({ kind: "appointment", input: request.body }, request.locale);
        return reply.status(201).send(stored);
      },
    );

    app.post(
      "/api/v2/contact_us/callback/",
      {
        config,
        schema: {
          tags: ["contact"],
          summary: "Ask for a call back",
          querystring: LocaleQuerySchema,
          body: ContactCallbackSchema,
          response,
        },
      },
      async (request, reply) => {
        const stored = await contact.submit({ kind: "callback", input: request.body }, request.locale);
        return reply.status(201).send(stored);
      },
    );

    app.post(
      "/api/v2/contact_us/partnership/",
      {
        config,
        schema: {
          tags: ["contact"],
          summary: "Offer a partnership",
          querystring: LocaleQuerySchema,
          body: ContactPartnershipSchema,
          response,
        },
      },
      async (request, reply) => {
        const stored = await contact.submit({ kind: "partnership", input: request.body }, request.locale);
        return reply.status(201).send(stored);
      },
    );
  };
