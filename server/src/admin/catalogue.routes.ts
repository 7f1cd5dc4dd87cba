import {
  AdminCategoryInputSchema,
  AdminCategoryListSchema,
  AdminCategorySchema,
  AdminCategoryUpdateSchema,
  AdminInstructorInputSchema,
  AdminInstructorListSchema,
  AdminInstructorSchema,
  AdminInstructorUpdateSchema,
  AdminLocationInputSchema,
  AdminLocationListSchema,
  AdminLocationSchema,
  AdminLocationUpdateSchema,
  AdminPurchaseOptionInputSchema,
  AdminPurchaseOptionListSchema,
  AdminPurchaseOptionSchema,
  AdminPurchaseOptionUpdateSchema,
  AdminSeasonInputSchema,
  AdminSeasonListSchema,
  AdminSeasonSchema,
  AdminSeasonUpdateSchema,
  AdminWeekInputSchema,
  AdminWeekListSchema,
  AdminWeekSchema,
  AdminWeekUpdateSchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Db } from "../db/index.ts";
import {
  createPurchaseOptionsAdmin,
  createSeasonsAdmin,
  createWeeksAdmin,
} from "./catalogue-offer.service.ts";
import { createCategoriesAdmin, createInstructorsAdmin } from "./catalogue-people.service.ts";
import { type Resource, registerCrudRoutes } from "./crud-routes.ts";
import { createLocationsAdmin } from "./locations.service.ts";

/**
 * The catalogue's staff resources (issue 20, D116–D120, D151): instructors, categories, houses, purchase options and
 * prices, academy seasons and weeks, each with list, one, create, save at `version` and delete, in the
 * back office's one list convention (D97). Registered inside `adminRoutes`, so `requireStaff` guards all.
 */
export const catalogueAdminRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    const crud = <R extends z.ZodType, I extends z.ZodType, U extends z.ZodType>(
      resource: Resource<R, I, U>,
    ) => registerCrudRoutes(app, resource);

    crud({
      name: "instructors",
      record: AdminInstructorSchema,
      list: AdminInstructorListSchema,
      input: AdminInstructorInputSchema,
      update: AdminInstructorUpdateSchema,
      service: createInstructorsAdmin(db),
      says: {
        list: "Instructors (filter q, is_published, id)",
        one: "One instructor",
        create: "Add an instructor",
        update: "Save an instructor read at `version`",
        remove: "Delete an instructor no page or slot names (else 400 in_use_by_pages)",
      },
    });
    crud({
      name: "categories",
      record: AdminCategorySchema,
      list: AdminCategoryListSchema,
      input: AdminCategoryInputSchema,
      update: AdminCategoryUpdateSchema,
      service: createCategoriesAdmin(db),
      says: {
        list: "Categories (filter q, id)",
        one: "One category",
        create: "Add a category",
        update: "Save a category read at `version`",
        remove: "Delete a category no page is in (else 400 in_use_by_pages)",
      },
    });
    crud({
      name: "locations",
      record: AdminLocationSchema,
      list: AdminLocationListSchema,
      input: AdminLocationInputSchema,
      update: AdminLocationUpdateSchema,
      service: createLocationsAdmin(db),
      says: {
        list: "The school's houses (filter q, is_active, id)",
        one: "One house",
        create: "Add a house",
        update: "Save a house read at `version`",
        remove: "Delete a house no page or closure names (else 400 house_in_use)",
      },
    });
    crud({
      name: "purchase-options",
      record: AdminPurchaseOptionSchema,
      list: AdminPurchaseOptionListSchema,
      input: AdminPurchaseOptionInputSchema,
      update: AdminPurchaseOptionUpdateSchema,
      service: createPurchaseOptionsAdmin(db),
      says: {
        list: "Purchase options and prices (filter product_page, id)",
        one: "One purchase option",
        create: "Add a purchase option to a product page",
        update: "Change an option's name, price (new bookings only) or meetings, read at `version`",
        remove: "Delete an option nobody booked (else 400 option_booked)",
      },
    });
    crud({
      name: "academy-seasons",
      record: AdminSeasonSchema,
      list: AdminSeasonListSchema,
      input: AdminSeasonInputSchema,
      update: AdminSeasonUpdateSchema,
      service: createSeasonsAdmin(db),
      says: {
        list: "Academy seasons",
        one: "One academy season",
        create: "Add an academy season",
        update: "Save a season read at `version`; its dates hold all its weeks",
        remove: "Delete a season without weeks (else 400 season_has_weeks)",
      },
    });
    crud({
      name: "academy-weeks",
      record: AdminWeekSchema,
      list: AdminWeekListSchema,
      input: AdminWeekInputSchema,
      update: AdminWeekUpdateSchema,
      service: createWeeksAdmin(db),
      says: {
        list: "Academy weeks with their seats taken (filter product_page, season, id)",
        one: "One academy week",
        create: "Add a week to an academy page, within its season",
        update: "Change a week; seats never below the seats taken",
        remove: "Delete a week nobody booked (else 400 week_booked)",
      },
    });
  };
