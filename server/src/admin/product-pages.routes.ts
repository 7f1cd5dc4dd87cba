import {
  AdminIdParamsSchema,
  AdminListQuerySchema,
  AdminProductInputSchema,
  AdminProductListSchema,
  AdminProductPreviewSchema,
  AdminProductSchema,
  AdminProductUpdateSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mediaUrlOn } from "../catalogue/index.ts";
import type { Db } from "../db/index.ts";
import { currentUser } from "../plugins/index.ts";
import type { ProductPreview } from "../spa/index.ts";
import { sendList } from "./list-query.ts";
import { createProductPagesAdmin } from "./product-pages.service.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";

/**
 * Product pages, all eight types: list, one, create, save at `version`, and the preview of the form's
 * values as the shop renders them (D147); there is no delete route. Registered inside `adminRoutes`, so `requireStaff` guards all.
 */
export const productPagesAdminRoutes =
  ({
    db,
    publicUrl,
    productPreview,
  }: {
    db: Db;
    publicUrl: string;
    /** The shop's rendering of a product page (D147), handed in by the wiring from the web build. */
    productPreview: ProductPreview;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const products = createProductPagesAdmin(db, mediaUrlOn(publicUrl));
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
  };
