import {
  IdParamsSchema,
  LocaleQuerySchema,
  WaitingListEntrySchema,
  WaitingListJoinSchema,
  WaitingListSchema,
  WaitingOfferAcceptedSchema,
  WaitingOfferTokenParamsSchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorReplySchema } from "../errors/index.ts";
import { currentUser, requireUser } from "../plugins/index.ts";
import type { WaitingListService } from "./waiting-list.service.ts";

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 404: ErrorReplySchema };
const common = {
  tags: ["orders"],
  security: [{ tokenAuth: [] }],
  querystring: LocaleQuerySchema,
};

/** Waiting lists of full slots and academy weeks (issue #9, D78–D79); a signed-in parent's own only. */
export const waitingListRoutes =
  ({ waitingList }: { waitingList: WaitingListService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/v2/orders/waiting_list/",
      {
        preValidation: requireUser,
        schema: {
          ...common,
          summary: "Put a child in line for a full slot or academy week (200: already in line)",
          body: WaitingListJoinSchema,
          response: { 200: WaitingListEntrySchema, 201: WaitingListEntrySchema, ...errors },
        },
      },
      async (request, reply) => {
        const { created, entry } = await waitingList.join(
          currentUser(request).id,
          request.body,
          request.locale,
        );
        return reply.status(created ? 201 : 200).send(entry);
      },
    );

    app.get(
      "/api/v2/orders/waiting_list/",
      {
        preValidation: requireUser,
        schema: {
          ...common,
          summary: "My waiting-list entries (open first, at most 100)",
          response: { 200: WaitingListSchema, ...errors },
        },
      },
      async (request) => waitingList.list(currentUser(request).id, request.locale),
    );

    app.delete(
      "/api/v2/orders/waiting_list/:id/",
      {
        preValidation: requireUser,
        schema: {
          ...common,
          summary: "Leave a waiting list (a running offer passes to the next)",
          params: IdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await waitingList.leave(currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/v2/orders/waiting_list/offer/:token/",
      {
        preValidation: requireUser,
        schema: {
          ...common,
          summary: "A seat offered from a waiting list (only to the parent it was made to)",
          params: WaitingOfferTokenParamsSchema,
          response: { 200: WaitingListEntrySchema, ...errors },
        },
      },
      async (request) => waitingList.offer(currentUser(request).id, request.params.token, request.locale),
    );

    app.post(
      "/api/v2/orders/waiting_list/offer/:token/accept/",
      {
        preValidation: requireUser,
        schema: {
          ...common,
          summary: "Accept an offer: the seat goes into the cart, held by the offer until it runs out",
          params: WaitingOfferTokenParamsSchema,
          response: { 200: WaitingOfferAcceptedSchema, ...errors },
        },
      },
      async (request) => waitingList.accept(currentUser(request).id, request.params.token, request.locale),
    );
  };
