import {
  AdminSchoolSettingsSchema,
  AdminSchoolSettingsUpdateSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { currentUser } from "../plugins/index.ts";
import type { SchoolSettingsSource } from "../settings/index.ts";
import { adminOnlyOperation, adminErrors as errors, requireAdmin } from "./route-docs.ts";
import { createSchoolSettingsAdmin } from "./school-settings.service.ts";

/**
 * `/api/v2/admin/school-settings/1/`: one record (the back office's data provider reads and saves it as
 * any other), registered inside `adminRoutes`, whose `requireStaff` hook guards it first.
 */
export const schoolSettingsAdminRoutes =
  ({ db, settings }: { db: Db; settings: SchoolSettingsSource }): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = createSchoolSettingsAdmin(db, settings);
    app.get(
      "/api/v2/admin/school-settings/1/",
      {
        // Admins only (D243), refused before the body or query is read (D200).
        onRequest: requireAdmin,
        schema: {
          ...adminOnlyOperation(
            "The school's settings: seller on invoices, VAT notes, school e-mail, who is told of bookings",
          ),
          querystring: LocaleQuerySchema,
          response: { 200: AdminSchoolSettingsSchema, ...errors },
        },
      },
      async () => admin.get(),
    );
    app.put(
      "/api/v2/admin/school-settings/1/",
      {
        // Admins only (D243), refused before the body or query is read (D200).
        onRequest: requireAdmin,
        schema: {
          ...adminOnlyOperation("Save the school's settings read at `version`"),
          querystring: LocaleQuerySchema,
          body: AdminSchoolSettingsUpdateSchema,
          response: { 200: AdminSchoolSettingsSchema, ...errors },
        },
      },
      async (request) => admin.save(currentUser(request), request.body),
    );
  };
