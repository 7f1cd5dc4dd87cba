import {
  AdminClosureInputSchema,
  AdminClosureListSchema,
  AdminClosureSchema,
  AdminClosureUpdateSchema,
  AdminSlotInputSchema,
  AdminSlotListSchema,
  AdminSlotSchema,
  AdminSlotUpdateSchema,
  LocaleQuerySchema,
  StaffMeSchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { EmailChangeLinks } from "../accounts/index.ts";
import { findUserById } from "../accounts/index.ts";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { Seller } from "../invoices/index.ts";
import type { MediaStorage } from "../media/index.ts";
import { currentUser, isStaffRole, requireStaff } from "../plugins/index.ts";
import type { SchoolSettingsSource } from "../settings/index.ts";
import type { ProductPreview } from "../spa/index.ts";
import { attendanceRoutes } from "./attendance.routes.ts";
import { auditAdminRoutes } from "./audit.routes.ts";
import { catalogueAdminRoutes } from "./catalogue.routes.ts";
import { createClosuresAdmin } from "./closures.service.ts";
import { contentAdminRoutes } from "./content.routes.ts";
import { registerCrudRoutes } from "./crud-routes.ts";
import { imagesAdminRoutes } from "./images.routes.ts";
import { productPagesAdminRoutes } from "./product-pages.routes.ts";
import { requestsAdminRoutes } from "./requests.routes.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";
import { schoolSettingsAdminRoutes } from "./school-settings.routes.ts";
import { createSlotsAdmin } from "./slots.service.ts";

/**
 * `/api/v2/admin/*`: the back office's API (D97). The guard runs on request, before the body is read or
 * validated, so a guest gets 401 and a customer 403 whatever they send, and nothing of theirs is parsed.
 */
export const adminRoutes =
  ({
    db,
    publicUrl = "",
    webUrl = publicUrl,
    seller,
    schoolSettings,
    media,
    productPreview,
    removeMailFiles,
    emailChangeLinks,
  }: {
    db: Db;
    publicUrl?: string;
    /** WEB_URL: links into the web app in staff's answers (PUBLIC_URL by default). */
    webUrl?: string;
    seller: Seller;
    schoolSettings: SchoolSettingsSource;
    media: MediaStorage;
    /** Erasure removes the mail files the transport wrote (DATA_DIR/outbox, D207). */
    removeMailFiles?: (ids: readonly number[]) => Promise<unknown>;
    /** The shop's rendering of a product page (D147), handed in by the wiring from the web build. */
    productPreview: ProductPreview;
    /** Mails the link that moves a family's account to a new address (accounts, D577). */
    emailChangeLinks: EmailChangeLinks;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireStaff);
    await app.register(contentAdminRoutes({ db, publicUrl }));
    await app.register(requestsAdminRoutes({ db, publicUrl, webUrl, removeMailFiles, emailChangeLinks }));
    await app.register(catalogueAdminRoutes({ db }));
    await app.register(attendanceRoutes({ db, seller, datev: schoolSettings.datev }));
    await app.register(schoolSettingsAdminRoutes({ db, settings: schoolSettings }));
    await app.register(imagesAdminRoutes({ db, storage: media }));

    app.get(
      "/api/v2/admin/me/",
      {
        schema: {
          ...base("Who is signed in to the back office"),
          querystring: LocaleQuerySchema,
          response: { 200: StaffMeSchema, ...errors },
        },
      },
      async (request) => {
        const user = await findUserById(db, currentUser(request).id);
        if (!user || !isStaffRole(user.role)) throw new AppError("permission_denied", 403);
        return {
          id: user.id,
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          role: user.role,
          locale: user.locale,
        };
      },
    );

    await app.register(productPagesAdminRoutes({ db, publicUrl, productPreview }));
    registerCrudRoutes(app, {
      name: "slots",
      record: AdminSlotSchema,
      list: AdminSlotListSchema,
      input: AdminSlotInputSchema,
      update: AdminSlotUpdateSchema,
      service: createSlotsAdmin(db),
      says: {
        list: "Weekly slots and dated sessions with their seats taken (filter archived: true or false)",
        one: "One slot",
        create: "Add a weekly slot or a dated session",
        update: "Change a slot; seats never below the seats taken",
        remove: "Remove a slot nobody booked; one with bookings is archived instead",
      },
    });
    registerCrudRoutes(app, {
      name: "closures",
      record: AdminClosureSchema,
      list: AdminClosureListSchema,
      input: AdminClosureInputSchema,
      update: AdminClosureUpdateSchema,
      service: createClosuresAdmin(db),
      says: {
        list: "Holidays and closures per house",
        one: "One holiday or closure",
        create: "Add a holiday or closure (empty location: every house)",
        update: "Change a holiday or closure read at `version`",
        remove: "Remove a holiday or closure",
      },
    });
    await app.register(auditAdminRoutes({ db }));
  };
