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
  AdminPromocodeInputSchema,
  AdminPromocodeListSchema,
  AdminPromocodeSchema,
  AdminPromocodeUpdateSchema,
  AdminPromocodeUseListSchema,
  AdminRedirectInputSchema,
  AdminRedirectListSchema,
  AdminRedirectSchema,
  AdminRedirectUpdateSchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/index.ts";
import { createContentPagesAdmin } from "./content-pages.service.ts";
import { registerCrudRoutes, registerListRoute } from "./crud-routes.ts";
import { createGiftCardsAdmin } from "./gift-cards.service.ts";
import { createPromocodesAdmin } from "./promocodes.service.ts";
import { createRedirectsAdmin } from "./redirects.service.ts";

/**
 * Content pages, promocodes, gift cards (D123–D125) and redirects (D189) in the back office. Registered inside
 * `adminRoutes`, so its `requireStaff` hook guards every route here too. Each is a resource in the back
 * office's one convention (`registerCrudRoutes`); only redirects are deleted here, so the other services
 * have no `remove` and their resources no DELETE route.
 */
export const contentAdminRoutes =
  ({ db, publicUrl = "" }: { db: Db; publicUrl?: string }): FastifyPluginAsyncZod =>
  async (app) => {
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

    registerCrudRoutes(app, {
      name: "content-pages",
      record: AdminContentPageSchema,
      list: AdminContentPageListSchema,
      input: AdminContentPageInputSchema,
      update: AdminContentPageUpdateSchema,
      service: createContentPagesAdmin(db),
      says: {
        list: "Content pages: home, about us, prices, legal texts (markdown, de and ru)",
        one: "One content page",
        create: "Write a content page the shop shows but nobody has written yet",
        update: "Save a content page read at `version`; the shop shows it on the next request",
      },
    });

    registerCrudRoutes(app, {
      name: "promocodes",
      record: AdminPromocodeSchema,
      list: AdminPromocodeListSchema,
      input: AdminPromocodeInputSchema,
      update: AdminPromocodeUpdateSchema,
      service: promocodes,
      says: {
        list: "Promocodes with their uses (filter q, is_active)",
        one: "One promocode",
        create: "Create a promocode",
        update: "Change or deactivate a promocode read at `version`",
      },
    });
    registerListRoute(app, "promocode-uses", {
      schema: AdminPromocodeUseListSchema,
      says: "The orders that used promocodes, newest first (filter promocode, counted)",
      load: (query) => promocodes.uses(query),
    });

    registerCrudRoutes(app, {
      name: "gift-cards",
      record: AdminGiftCardSchema,
      list: AdminGiftCardListSchema,
      input: AdminGiftCardInputSchema,
      update: AdminGiftCardUpdateSchema,
      // Staff issue a gift card by hand; the card a buyer pays for is made by the order, not here.
      service: { ...giftCards, create: (staff, input) => giftCards.issue(staff, input) },
      says: {
        list: "Gift cards, bought and issued by hand (filter q, is_active)",
        one: "One gift card",
        create: "Issue a gift card by hand, with the reason",
        update: "Deactivate a gift card read at `version`, or activate it again",
      },
    });
    registerListRoute(app, "gift-card-ledger", {
      schema: AdminGiftCardLedgerListSchema,
      says: "Balance history of gift cards, oldest first (filter gift_card)",
      load: (query) => giftCards.ledger(query),
    });
  };
