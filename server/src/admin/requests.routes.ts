import {
  AdminContactRequestListSchema,
  AdminContactRequestSchema,
  AdminIdParamsSchema,
  AdminListQuerySchema,
  AdminRequestUpdateSchema,
  AdminVisitRequestListSchema,
  AdminVisitRequestSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { EmailChangeLinks } from "../accounts/index.ts";
import type { Db } from "../db/index.ts";
import { currentUser } from "../plugins/index.ts";
import { sendList } from "./list-query.ts";
import { peopleAdminRoutes } from "./people.routes.ts";
import { createRequestsAdmin } from "./requests.service.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";
import { visitAnswerRoutes } from "./visit-answers.routes.ts";
import { createVisitAnswers } from "./visit-answers.service.ts";

/**
 * The requests inbox and people (`people.routes.ts`) of the back office (issue 21; D136-D139), registered inside `adminRoutes`,
 * whose `requireStaff` hook guards every route here. Birthday-party requests get their own resource here
 * (`/api/v2/admin/party-requests/`) once they exist.
 */
export const requestsAdminRoutes =
  ({
    db,
    publicUrl,
    webUrl = publicUrl,
    removeMailFiles,
    emailChangeLinks,
  }: {
    db: Db;
    publicUrl: string;
    webUrl?: string;
    removeMailFiles?: (ids: readonly number[]) => Promise<unknown>;
    /** Mails the link that moves a family's account to a new address (accounts, D577). */
    emailChangeLinks: EmailChangeLinks;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const requests = createRequestsAdmin({ db });

    app.get(
      "/api/v2/admin/visit-requests/",
      {
        schema: {
          ...base("Visit requests (trial, out, waiting); filter kind, status, user, handler"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminVisitRequestListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await requests.listVisits(request.query);
        return sendList(reply, "visit-requests", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/visit-requests/:id/",
      {
        schema: {
          ...base("One visit request"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminVisitRequestSchema, ...errors },
        },
      },
      async (request) => requests.getVisit(request.params.id),
    );
    app.put(
      "/api/v2/admin/visit-requests/:id/",
      {
        schema: {
          ...base("Status, internal note and handler of a visit request read at `version`"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminRequestUpdateSchema,
          response: { 200: AdminVisitRequestSchema, ...errors },
        },
      },
      async (request) => requests.updateVisit(currentUser(request), request.params.id, request.body),
    );
    visitAnswerRoutes(app, createVisitAnswers({ db, publicUrl, webUrl }));

    app.get(
      "/api/v2/admin/contact-requests/",
      {
        schema: {
          ...base("Contact requests (appointment, callback, partnership); filter kind, status, handler"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminContactRequestListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await requests.listContacts(request.query);
        return sendList(reply, "contact-requests", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/contact-requests/:id/",
      {
        schema: {
          ...base("One contact request"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminContactRequestSchema, ...errors },
        },
      },
      async (request) => requests.getContact(request.params.id),
    );
    app.put(
      "/api/v2/admin/contact-requests/:id/",
      {
        schema: {
          ...base("Status, internal note and handler of a contact request read at `version`"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminRequestUpdateSchema,
          response: { 200: AdminContactRequestSchema, ...errors },
        },
      },
      async (request) => requests.updateContact(currentUser(request), request.params.id, request.body),
    );
    await app.register(peopleAdminRoutes({ db, publicUrl, removeMailFiles, emailChangeLinks }));
  };
