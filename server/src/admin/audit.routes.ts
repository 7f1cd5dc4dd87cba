import {
  AdminIdParamsSchema,
  AdminListQuerySchema,
  AuditEntryListSchema,
  AuditEntrySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { findAuditEntry, listAudit } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { filterValue, rangeOf, sendList } from "./list-query.ts";
import { adminOnlyOperation, adminErrors as errors, requireAdmin } from "./route-docs.ts";

/**
 * The audit log of every staff write, newest first, for admins only (staff see what they may change, not
 * who changed what). Registered inside `adminRoutes`, whose `requireStaff` runs before `requireAdmin`.
 */
export const auditAdminRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/admin/audit/",
      {
        onRequest: requireAdmin,
        schema: {
          ...adminOnlyOperation("The audit log, newest first"),
          querystring: AdminListQuerySchema,
          response: { 200: AuditEntryListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const filter = request.query.filter ?? {};
        const cut = rangeOf(request.query);
        const page = await listAudit(
          db,
          {
            resource: filterValue.string(filter, "resource"),
            recordId: filterValue.id(filter, "record_id"),
            userId: filterValue.id(filter, "user"),
          },
          cut,
        );
        return sendList(reply, "audit", cut.offset, page);
      },
    );

    app.get(
      "/api/v2/admin/audit/:id/",
      {
        onRequest: requireAdmin,
        schema: {
          ...adminOnlyOperation("One entry of the audit log with its long lists whole (D423)"),
          params: AdminIdParamsSchema,
          response: { 200: AuditEntrySchema, ...errors },
        },
      },
      async (request) => foundOr404(await findAuditEntry(db, request.params.id)),
    );
  };
