import {
  AdminSchoolSettingsSchema,
  AdminSchoolSettingsUpdateSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { currentUser } from "../plugins/index.ts";
import type { SchoolSettingsSource } from "../settings/index.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";
import { createSchoolSettingsAdmin } from "./school-settings.service.ts";

/** The school's settings are for admins (D243); staff get 403 before anything is read. */
async function adminOnly(request: FastifyRequest) {
  if (currentUser(request).role !== "admin") throw new AppError("permission_denied", 403);
}

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
        preHandler: adminOnly,
        schema: {
          ...base(
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
        preHandler: adminOnly,
        schema: {
          ...base("Save the school's settings read at `version` (admins only)"),
          querystring: LocaleQuerySchema,
          body: AdminSchoolSettingsUpdateSchema,
          response: { 200: AdminSchoolSettingsSchema, ...errors },
        },
      },
      async (request) => admin.save(currentUser(request), request.body),
    );
  };
