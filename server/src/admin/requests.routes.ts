import {
  ACCOUNT_MESSAGES,
  AdminContactRequestListSchema,
  AdminContactRequestSchema,
  AdminEraseInputSchema,
  AdminErasureSchema,
  AdminIdParamsSchema,
  AdminListQuerySchema,
  AdminPersonDetailSchema,
  AdminPersonListSchema,
  AdminPersonSchema,
  AdminRequestUpdateSchema,
  AdminRoleInputSchema,
  AdminVisitRequestListSchema,
  AdminVisitRequestSchema,
  DetailReplySchema,
  LocaleQuerySchema,
  StaffPasswordChangeSchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { currentUser } from "../plugins/index.ts";
import { sendList } from "./list-query.ts";
import { createPeopleAdmin } from "./people.service.ts";
import { createRequestsAdmin } from "./requests.service.ts";
import {
  adminOnlyOperation,
  adminOperation as base,
  adminErrors as errors,
  requireAdmin,
} from "./route-docs.ts";
import { visitAnswerRoutes } from "./visit-answers.routes.ts";
import { createVisitAnswers } from "./visit-answers.service.ts";

/**
 * The requests inbox and people of the back office (issue 21; D136-D139), registered inside `adminRoutes`,
 * whose `requireStaff` hook guards every route here. Birthday-party requests get their own resource here
 * (`/api/v2/admin/party-requests/`) once they exist.
 */
export const requestsAdminRoutes =
  ({
    db,
    publicUrl,
    removeMailFiles,
  }: {
    db: Db;
    publicUrl: string;
    removeMailFiles?: (ids: readonly number[]) => Promise<unknown>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const requests = createRequestsAdmin({ db });
    const people = createPeopleAdmin(db, { removeMailFiles });

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
    visitAnswerRoutes(app, createVisitAnswers({ db, publicUrl }));

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

    app.get(
      "/api/v2/admin/people/",
      {
        schema: {
          ...base("People: filter q (name, e-mail or phone) and role"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminPersonListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await people.list(request.query);
        return sendList(reply, "people", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/people/:id/",
      {
        schema: {
          ...base("A person with their children, orders and visit requests"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminPersonDetailSchema, ...errors },
        },
      },
      async (request) => people.get(request.params.id),
    );
    app.put(
      "/api/v2/admin/people/:id/role/",
      {
        // Role changes and erasure are for admins (D138, D139); staff get 403 before anything is read.
        onRequest: requireAdmin,
        schema: {
          ...adminOnlyOperation(
            "Grant or revoke the staff or admin role (admins only; not one's own; never the last admin)",
          ),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminRoleInputSchema,
          response: { 200: AdminPersonSchema, ...errors },
        },
      },
      async (request) => people.setRole(currentUser(request), request.params.id, request.body),
    );
    app.post(
      "/api/v2/admin/people/:id/erase/",
      {
        onRequest: requireAdmin,
        schema: {
          ...adminOnlyOperation("Erase a family (GDPR Art. 17): invoices and credit notes are kept"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminEraseInputSchema,
          response: { 200: AdminErasureSchema, ...errors },
        },
      },
      async (request) => people.erase(currentUser(request), request.params.id, request.body),
    );
    app.post(
      "/api/v2/admin/me/password/",
      {
        schema: {
          ...base("Change one's own password (staff and admins): the current one, the new one twice"),
          querystring: LocaleQuerySchema,
          body: StaffPasswordChangeSchema,
          response: { 200: DetailReplySchema, ...errors },
        },
      },
      async (request) => {
        await people.changeOwnPassword(currentUser(request), request.body);
        return { detail: ACCOUNT_MESSAGES.password_changed[request.locale] };
      },
    );
  };
