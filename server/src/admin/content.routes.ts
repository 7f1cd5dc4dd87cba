import {
  AdminContentPageInputSchema,
  AdminContentPageListSchema,
  AdminContentPageSchema,
  AdminContentPageUpdateSchema,
  AdminGiftCardInputSchema,
  AdminGiftCardLedgerListSchema,
  AdminGiftCardListSchema,
  AdminGiftCardSchema,
  AdminGiftCardUpdateSchema,
  AdminIdParamsSchema,
  AdminListQuerySchema,
  AdminPromocodeInputSchema,
  AdminPromocodeListSchema,
  AdminPromocodeSchema,
  AdminPromocodeUpdateSchema,
  AdminPromocodeUseListSchema,
  AdminRedirectInputSchema,
  AdminRedirectListSchema,
  AdminRedirectSchema,
  AdminRedirectUpdateSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { currentUser } from "../plugins/index.ts";
import { createContentPagesAdmin } from "./content-pages.service.ts";
import { registerCrudRoutes } from "./crud-routes.ts";
import { createGiftCardsAdmin } from "./gift-cards.service.ts";
import { sendList } from "./list-query.ts";
import { createPromocodesAdmin } from "./promocodes.service.ts";
import { createRedirectsAdmin } from "./redirects.service.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";

/**
 * Content pages, promocodes, gift cards (D123–D125) and redirects (D189) in the back office. Registered inside
 * `adminRoutes`, so its `requireStaff` hook guards every route here too.
 */
export const contentAdminRoutes =
  ({ db, publicUrl = "" }: { db: Db; publicUrl?: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const pages = createContentPagesAdmin(db);
    const promocodes = createPromocodesAdmin(db);
    const giftCards = createGiftCardsAdmin(db);

    registerCrudRoutes(app, {
      name: "redirects",
      record: AdminRedirectSchema,
      list: AdminRedirectListSchema,
      input: AdminRedirectInputSchema,
      update: AdminRedirectUpdateSchema,
      service: createRedirectsAdmin(db, { ownHosts: publicUrl ? [new URL(publicUrl).host] : [] }),
      says: {
        list: "Redirects from addresses of this site to a page of the shop or an https address elsewhere (filter q, id)",
        one: "One redirect",
        create:
          "Add a redirect (400 redirect_path_reserved for a page of the shop, redirect_loop for a circle)",
        update: "Save a redirect read at `version`",
        remove: "Delete a redirect: its address shows the not-found page again",
      },
    });

    app.get(
      "/api/v2/admin/content-pages/",
      {
        schema: {
          ...base("Content pages: home, about us, prices, legal texts (markdown, de and ru)"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminContentPageListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await pages.list(request.query);
        return sendList(reply, "content-pages", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/content-pages/:id/",
      {
        schema: {
          ...base("One content page"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminContentPageSchema, ...errors },
        },
      },
      async (request) => pages.get(request.params.id),
    );
    app.post(
      "/api/v2/admin/content-pages/",
      {
        schema: {
          ...base("Write a content page the shop shows but nobody has written yet"),
          querystring: LocaleQuerySchema,
          body: AdminContentPageInputSchema,
          response: { 201: AdminContentPageSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await pages.create(currentUser(request), request.body)),
    );
    app.put(
      "/api/v2/admin/content-pages/:id/",
      {
        schema: {
          ...base("Save a content page read at `version`; the shop shows it on the next request"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminContentPageUpdateSchema,
          response: { 200: AdminContentPageSchema, ...errors },
        },
      },
      async (request) => pages.update(currentUser(request), request.params.id, request.body),
    );

    app.get(
      "/api/v2/admin/promocodes/",
      {
        schema: {
          ...base("Promocodes with their uses (filter q, is_active)"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminPromocodeListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await promocodes.list(request.query);
        return sendList(reply, "promocodes", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/promocodes/:id/",
      {
        schema: {
          ...base("One promocode"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminPromocodeSchema, ...errors },
        },
      },
      async (request) => promocodes.get(request.params.id),
    );
    app.post(
      "/api/v2/admin/promocodes/",
      {
        schema: {
          ...base("Create a promocode"),
          querystring: LocaleQuerySchema,
          body: AdminPromocodeInputSchema,
          response: { 201: AdminPromocodeSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await promocodes.create(currentUser(request), request.body)),
    );
    app.put(
      "/api/v2/admin/promocodes/:id/",
      {
        schema: {
          ...base("Change or deactivate a promocode read at `version`"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminPromocodeUpdateSchema,
          response: { 200: AdminPromocodeSchema, ...errors },
        },
      },
      async (request) => promocodes.update(currentUser(request), request.params.id, request.body),
    );
    app.get(
      "/api/v2/admin/promocode-uses/",
      {
        schema: {
          ...base("The orders that used promocodes, newest first (filter promocode, counted)"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminPromocodeUseListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await promocodes.uses(request.query);
        return sendList(reply, "promocode-uses", cut.offset, page);
      },
    );

    app.get(
      "/api/v2/admin/gift-cards/",
      {
        schema: {
          ...base("Gift cards, bought and issued by hand (filter q, is_active)"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminGiftCardListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await giftCards.list(request.query);
        return sendList(reply, "gift-cards", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/gift-cards/:id/",
      {
        schema: {
          ...base("One gift card"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminGiftCardSchema, ...errors },
        },
      },
      async (request) => giftCards.get(request.params.id),
    );
    app.post(
      "/api/v2/admin/gift-cards/",
      {
        schema: {
          ...base("Issue a gift card by hand, with the reason"),
          querystring: LocaleQuerySchema,
          body: AdminGiftCardInputSchema,
          response: { 201: AdminGiftCardSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await giftCards.issue(currentUser(request), request.body)),
    );
    app.put(
      "/api/v2/admin/gift-cards/:id/",
      {
        schema: {
          ...base("Deactivate a gift card read at `version`, or activate it again"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminGiftCardUpdateSchema,
          response: { 200: AdminGiftCardSchema, ...errors },
        },
      },
      async (request) => giftCards.update(currentUser(request), request.params.id, request.body),
    );
    app.get(
      "/api/v2/admin/gift-card-ledger/",
      {
        schema: {
          ...base("Balance history of gift cards, oldest first (filter gift_card)"),
          querystring: AdminListQuerySchema,
          response: { 200: AdminGiftCardLedgerListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cut, page } = await giftCards.ledger(request.query);
        return sendList(reply, "gift-card-ledger", cut.offset, page);
      },
    );
  };
