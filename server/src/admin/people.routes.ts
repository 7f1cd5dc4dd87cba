import {
  ACCOUNT_MESSAGES,
  AdminChildParamsSchema,
  AdminChildPatchSchema,
  AdminChildSchema,
  AdminEraseInputSchema,
  AdminErasureSchema,
  AdminIdParamsSchema,
  AdminListQuerySchema,
  AdminPersonDetailSchema,
  AdminPersonListSchema,
  AdminPersonPatchSchema,
  AdminPersonSchema,
  AdminRoleInputSchema,
  DataExportSchema,
  DetailReplySchema,
  EmailChangeReplySchema,
  EmailChangeRequestSchema,
  LocaleQuerySchema,
  StaffPasswordChangeSchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { EmailChangeLinks } from "../accounts/index.ts";
import type { Db } from "../db/index.ts";
import { currentUser } from "../plugins/index.ts";
import { asDataExportFile, createDataExport } from "../privacy/index.ts";
import { auditExportOn } from "./exports.ts";
import { sendList } from "./list-query.ts";
import { createPeopleAdmin } from "./people.service.ts";
import {
  adminOnlyOperation,
  adminOperation as base,
  adminErrors as errors,
  requireAdmin,
} from "./route-docs.ts";

/**
 * People in the back office (D136-D139): the list and one person with their family's records for staff;
 * roles and erasure for admins; one's own password for every staff member. Registered inside
 * `requestsAdminRoutes`, within `adminRoutes`, whose `requireStaff` hook guards every route here.
 */
export const peopleAdminRoutes =
  ({
    db,
    publicUrl,
    removeMailFiles,
    emailChangeLinks,
  }: {
    db: Db;
    /** The API's origin: the family's file names its offers' pictures as the history does (D560). */
    publicUrl: string;
    /** Erasure removes the mail files the transport wrote (DATA_DIR/outbox, D207). */
    removeMailFiles?: ((ids: readonly number[]) => Promise<unknown>) | undefined;
    /** Mails the link that moves a family's account to a new address (accounts, D577). */
    emailChangeLinks: EmailChangeLinks;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const people = createPeopleAdmin(db, { removeMailFiles, emailChangeLinks });

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
    app.patch(
      "/api/v2/admin/people/:id/",
      {
        schema: {
          ...base(
            "Correct a parent's names, phone or address (staff; families only; audited without the values)",
          ),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminPersonPatchSchema,
          response: { 200: AdminPersonDetailSchema, ...errors },
        },
      },
      async (request) => people.correct(currentUser(request), request.params.id, request.body),
    );
    familyCorrectionRoutes(app, people);
    dataExportRoute(app, db, publicUrl);
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

/** A child's data corrected (D549), and the link that moves a family's account to a new address (D577). */
function familyCorrectionRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  people: ReturnType<typeof createPeopleAdmin>,
) {
  app.patch(
    "/api/v2/admin/people/:id/children/:child/",
    {
      schema: {
        ...base("Correct a child's names, birth date or notes (staff; audited without the values)"),
        params: AdminChildParamsSchema,
        querystring: LocaleQuerySchema,
        body: AdminChildPatchSchema,
        response: { 200: AdminChildSchema, ...errors },
      },
    },
    async (request) =>
      people.correctChild(currentUser(request), request.params.id, request.params.child, request.body),
  );
  app.post(
    "/api/v2/admin/people/:id/email/",
    {
      schema: {
        ...base(
          "Send a family the link that moves its account to a new e-mail address (staff; families only; the account moves when the link is opened; audited without the address)",
        ),
        params: AdminIdParamsSchema,
        querystring: LocaleQuerySchema,
        body: EmailChangeRequestSchema,
        response: { 202: EmailChangeReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const sent = await people.sendEmailLink(currentUser(request), request.params.id, request.body.email);
      return reply
        .status(202)
        .send({ detail: ACCOUNT_MESSAGES.email_change_sent_family[request.locale], ...sent });
    },
  );
}

/**
 * A family's data as one JSON file for staff answering a request under Art. 15 or 20 GDPR (D560): the file
 * the parent downloads in the profile, the download audited without the data.
 */
function dataExportRoute(app: Parameters<FastifyPluginAsyncZod>[0], db: Db, publicUrl: string) {
  const dataExport = createDataExport({ db, publicUrl });
  const auditExport = auditExportOn(db);
  app.get(
    "/api/v2/admin/people/:id/data-export/",
    {
      schema: {
        ...base("A family's data as one JSON file, to answer a request under Art. 15 or 20 GDPR (D560)"),
        params: AdminIdParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: DataExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const body = await dataExport.of(request.params.id, request.locale, now);
      // Who took a family's data out of the shop, and when (D132); not the data itself.
      await auditExport(currentUser(request), "people", request.params.id, { data_export: true });
      return asDataExportFile(reply, body, now);
    },
  );
}
