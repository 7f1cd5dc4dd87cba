import {
  AdminCategorySchema,
  AdminCategoryUpdateSchema,
  AdminClosureSchema,
  AdminClosureUpdateSchema,
  AdminContactRequestSchema,
  AdminContentPageSchema,
  AdminContentPageUpdateSchema,
  AdminInstructorSchema,
  AdminInstructorUpdateSchema,
  AdminLocationSchema,
  AdminLocationUpdateSchema,
  AdminProductSchema,
  AdminProductUpdateSchema,
  AdminPromocodeSchema,
  AdminPromocodeUpdateSchema,
  AdminPurchaseOptionSchema,
  AdminPurchaseOptionUpdateSchema,
  AdminRedirectSchema,
  AdminRedirectUpdateSchema,
  AdminRequestUpdateSchema,
  AdminSchoolSettingsSchema,
  AdminSchoolSettingsUpdateSchema,
  AdminSeasonSchema,
  AdminSeasonUpdateSchema,
  AdminSlotSchema,
  AdminSlotUpdateSchema,
  AdminVisitRequestSchema,
  AdminWeekSchema,
  AdminWeekUpdateSchema,
} from "@atelier/contract";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { CREATE_ONLY, READ_ONLY } from "./data-provider.ts";

type Shaped = { shape: Record<string, z.ZodType> };

/** Each resource a form saves: the record the API answers, and what a save may send (the server is strict). */
const SAVED: Record<string, [reply: Shaped, update: Shaped]> = {
  products: [AdminProductSchema, AdminProductUpdateSchema],
  slots: [AdminSlotSchema, AdminSlotUpdateSchema],
  closures: [AdminClosureSchema, AdminClosureUpdateSchema],
  "school-settings": [AdminSchoolSettingsSchema, AdminSchoolSettingsUpdateSchema],
  "content-pages": [AdminContentPageSchema, AdminContentPageUpdateSchema],
  redirects: [AdminRedirectSchema, AdminRedirectUpdateSchema],
  promocodes: [AdminPromocodeSchema, AdminPromocodeUpdateSchema],
  "visit-requests": [AdminVisitRequestSchema, AdminRequestUpdateSchema],
  "contact-requests": [AdminContactRequestSchema, AdminRequestUpdateSchema],
  instructors: [AdminInstructorSchema, AdminInstructorUpdateSchema],
  categories: [AdminCategorySchema, AdminCategoryUpdateSchema],
  locations: [AdminLocationSchema, AdminLocationUpdateSchema],
  "purchase-options": [AdminPurchaseOptionSchema, AdminPurchaseOptionUpdateSchema],
  "academy-seasons": [AdminSeasonSchema, AdminSeasonUpdateSchema],
  "academy-weeks": [AdminWeekSchema, AdminWeekUpdateSchema],
};

describe("what a back office form sends when it saves (D489)", () => {
  for (const [resource, [reply, update]] of Object.entries(SAVED)) {
    it(`${resource}: every field of the record it read, less the reply's own, is one the save takes`, () => {
      const dropped = new Set([...(READ_ONLY[resource] ?? []), ...(CREATE_ONLY[resource] ?? [])]);
      const sent = Object.keys(reply.shape).filter((field) => !dropped.has(field));
      const taken = new Set(Object.keys(update.shape));
      // The data provider adds the version the record was read with.
      expect(sent.filter((field) => !taken.has(field))).toEqual([]);
    });
  }
});
