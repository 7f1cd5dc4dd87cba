import {
  AdminIdParamsSchema,
  AdminListQuerySchema,
  AdminPartyConfirmSchema,
  AdminPartyDeclineSchema,
  AdminPartyRequestListSchema,
  AdminPartyRequestSchema,
  AdminRequestUpdateSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StaffOrders } from "../checkout/index.ts";
import type { Db } from "../db/index.ts";
import { currentUser, requireStaff } from "../plugins/index.ts";
import { sendList } from "./list-query.ts";
import { createPartyRequestsAdmin } from "./party-requests.service.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";

/** `/api/v2/admin/party-requests/*` (D158–D160), beside the staff orders it confirms into. */
export const adminPartyRequestsRoutes =
  ({
    db,
    staffOrders,
    publicUrl,
  }: {
    db: Db;
    staffOrders: StaffOrders;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const parties = createPartyRequestsAdmin({ db, staffOrders, publicUrl });
    app.addHook("onRequest", requireStaff);

    app.get(
      "/api/v2/admin/party-requests/",
      {
        schema: {
          ...base("Birthday-party requests, newest first"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminPartyRequestListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await parties.list(request.query);
        return sendList(reply, "party-requests", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/party-requests/:id/",
      {
        schema: {
          ...base("One birthday-party request"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminPartyRequestSchema, ...errors },
        },
      },
      async (request) => parties.get(request.params.id),
    );
    app.put(
      "/api/v2/admin/party-requests/:id/",
      {
        schema: {
          ...base("Status, internal note and handler of a party request read at `version`"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminRequestUpdateSchema,
          response: { 200: AdminPartyRequestSchema, ...errors },
        },
      },
      async (request) => parties.update(currentUser(request), request.params.id, request.body),
    );
    app.post(
      "/api/v2/admin/party-requests/:id/confirm/",
      {
        schema: {
          ...base(
            "Confirm one of the preferred days: the party's order is built at the catalogue price and the parent mailed the payment link; a repeat answers the request as it is",
          ),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminPartyConfirmSchema,
          response: { 200: AdminPartyRequestSchema, ...errors },
        },
      },
      async (request) => parties.confirm(currentUser(request), request.params.id, request.body),
    );
    app.post(
      "/api/v2/admin/party-requests/:id/decline/",
      {
        schema: {
          ...base("Decline a party request that has no order"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminPartyDeclineSchema,
          response: { 200: AdminPartyRequestSchema, ...errors },
        },
      },
      async (request) => parties.decline(currentUser(request), request.params.id, request.body.version),
    );
  };
