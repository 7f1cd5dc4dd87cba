import {
  AdminClosureInputSchema,
  AdminClosureListSchema,
  AdminClosureSchema,
  AdminClosureUpdateSchema,
  AdminIdParamsSchema,
  AdminListQuerySchema,
  AdminProductInputSchema,
  AdminProductListSchema,
  AdminProductPreviewSchema,
  AdminProductSchema,
  AdminProductUpdateSchema,
  AdminSlotInputSchema,
  AdminSlotListSchema,
  AdminSlotSchema,
  AdminSlotUpdateSchema,
  AuditEntryListSchema,
  LocaleQuerySchema,
  StaffMeSchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findUserById } from "../accounts/index.ts";
import { mediaUrlOn } from "../catalogue/index.ts";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { Seller } from "../invoices/index.ts";
import type { MediaStorage } from "../media/index.ts";
import { currentUser, isStaffRole, requireStaff } from "../plugins/index.ts";
import type { SchoolSettingsSource } from "../settings/index.ts";
import type { ProductPreview } from "../spa/index.ts";
import { attendanceRoutes } from "./attendance.routes.ts";
import { listAudit } from "./audit.repository.ts";
import { catalogueAdminRoutes } from "./catalogue.routes.ts";
import { createClosuresAdmin } from "./closures.service.ts";
import { contentAdminRoutes } from "./content.routes.ts";
import { imagesAdminRoutes } from "./images.routes.ts";
import { filterValue, rangeOf, sendList } from "./list-query.ts";
import { createProductPagesAdmin } from "./product-pages.service.ts";
import { requestsAdminRoutes } from "./requests.routes.ts";
import {
  adminOnlyOperation,
  adminOperation as base,
  adminErrors as errors,
  requireAdmin,
} from "./route-docs.ts";
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
    seller,
    schoolSettings,
    media,
    productPreview,
    removeMailFiles,
  }: {
    db: Db;
    publicUrl?: string;
    seller: Seller;
    schoolSettings: SchoolSettingsSource;
    media: MediaStorage;
    /** Erasure removes the mail files the transport wrote (DATA_DIR/outbox, D207). */
    removeMailFiles?: (ids: readonly number[]) => Promise<unknown>;
    /** The shop's rendering of a product page (D147), handed in by the wiring from the web build. */
    productPreview: ProductPreview;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const products = createProductPagesAdmin(db, mediaUrlOn(publicUrl));
    const slots = createSlotsAdmin(db);
    const closures = createClosuresAdmin(db);
    app.addHook("onRequest", requireStaff);
    await app.register(contentAdminRoutes({ db, publicUrl }));
    await app.register(requestsAdminRoutes({ db, publicUrl, removeMailFiles }));
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

    app.get(
      "/api/v2/admin/products/",
      {
        schema: {
          ...base("Product pages, all eight types"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminProductListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await products.list(request.query);
        return sendList(reply, "products", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/products/:id/",
      {
        schema: {
          ...base("One product page"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminProductSchema, ...errors },
        },
      },
      async (request) => products.get(request.params.id),
    );
    app.post(
      "/api/v2/admin/products/",
      {
        schema: {
          ...base("Create a product page"),
          querystring: LocaleQuerySchema,
          body: AdminProductInputSchema,
          response: { 201: AdminProductSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await products.create(currentUser(request), request.body)),
    );
    app.post(
      "/api/v2/admin/products/preview/",
      {
        schema: {
          ...base("The product page as the shop renders it from the form's values, saved or not (HTML)"),
          querystring: LocaleQuerySchema,
          body: AdminProductPreviewSchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const product = await products.preview(request.body, request.locale);
        const html = await productPreview({ product, locale: request.locale });
        return (
          reply
            .header("cache-control", "no-store")
            .header("x-robots-tag", "noindex")
            .type("text/html; charset=utf-8")
            // A page, not JSON: the reply's schema lists only its errors.
            .send(html as never)
        );
      },
    );
    app.put(
      "/api/v2/admin/products/:id/",
      {
        schema: {
          ...base("Save a product page read at `version`"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminProductUpdateSchema,
          response: { 200: AdminProductSchema, ...errors },
        },
      },
      async (request) => products.update(currentUser(request), request.params.id, request.body),
    );

    app.get(
      "/api/v2/admin/slots/",
      {
        schema: {
          ...base("Weekly slots and dated sessions with their seats taken (filter archived: true or false)"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminSlotListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await slots.list(request.query);
        return sendList(reply, "slots", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/slots/:id/",
      {
        schema: {
          ...base("One slot"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminSlotSchema, ...errors },
        },
      },
      async (request) => slots.get(request.params.id),
    );
    app.post(
      "/api/v2/admin/slots/",
      {
        schema: {
          ...base("Add a weekly slot or a dated session"),
          querystring: LocaleQuerySchema,
          body: AdminSlotInputSchema,
          response: { 201: AdminSlotSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await slots.create(currentUser(request), request.body)),
    );
    app.put(
      "/api/v2/admin/slots/:id/",
      {
        schema: {
          ...base("Change a slot; seats never below the seats taken"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminSlotUpdateSchema,
          response: { 200: AdminSlotSchema, ...errors },
        },
      },
      async (request) => slots.update(currentUser(request), request.params.id, request.body),
    );
    app.delete(
      "/api/v2/admin/slots/:id/",
      {
        schema: {
          ...base("Remove a slot nobody booked; one with bookings is archived instead"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminSlotSchema, ...errors },
        },
      },
      async (request) => slots.remove(currentUser(request), request.params.id),
    );

    app.get(
      "/api/v2/admin/closures/",
      {
        schema: {
          ...base("Holidays and closures per house"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminClosureListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await closures.list(request.query);
        return sendList(reply, "closures", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/closures/:id/",
      {
        schema: {
          ...base("One holiday or closure"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminClosureSchema, ...errors },
        },
      },
      async (request) => closures.get(request.params.id),
    );
    app.post(
      "/api/v2/admin/closures/",
      {
        schema: {
          ...base("Add a holiday or closure (empty location: every house)"),
          querystring: LocaleQuerySchema,
          body: AdminClosureInputSchema,
          response: { 201: AdminClosureSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await closures.create(currentUser(request), request.body)),
    );
    app.put(
      "/api/v2/admin/closures/:id/",
      {
        schema: {
          ...base("Change a holiday or closure read at `version`"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminClosureUpdateSchema,
          response: { 200: AdminClosureSchema, ...errors },
        },
      },
      async (request) => closures.update(currentUser(request), request.params.id, request.body),
    );
    app.delete(
      "/api/v2/admin/closures/:id/",
      {
        schema: {
          ...base("Remove a holiday or closure"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminClosureSchema, ...errors },
        },
      },
      async (request) => closures.remove(currentUser(request), request.params.id),
    );

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
  };
