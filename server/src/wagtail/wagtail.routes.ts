import {
  BranchListSchema,
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  LocaleQuerySchema,
  PRODUCT_TYPES,
  type ProductType,
  WagtailCatalogSchema,
  WagtailContentPageSchema,
  WagtailIdParamsSchema,
  WagtailImageSchema,
  WagtailInstructorDetailSchema,
  WagtailInstructorSchema,
  WagtailLegalSchema,
  WagtailProductCardSchema,
  WagtailProductDetailSchema,
  WagtailQuerySchema,
  wagtailListing,
} from "@atelier/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type EpochCache, jsonBody, SEATS_CACHE_CONTROL, sendCached } from "../catalogue/index.ts";
import { AppError, ErrorReplySchema } from "../errors/index.ts";
import type { WagtailService } from "./wagtail.service.ts";

export type WagtailRoutesDeps = {
  wagtail: WagtailService;
  /** Every adapter reply shows the catalogue: it is reused only within its catalogue epoch (D85, D93). */
  epochCache: EpochCache;
};

/** Wagtail's `locale`: ru, de, en (our texts have no English: German, the shop's default, stands in). */
function localeOf(request: FastifyRequest): Locale {
  const asked = (request.query as { locale?: string }).locale;
  if (asked === "en") return DEFAULT_LOCALE;
  return isLocale(asked) ? asked : request.locale;
}

/** `product_type=Workshop,Event`: Wagtail with the school's IN filter; an unknown type is a 400. */
function productTypesOf(value: string | undefined): ProductType[] | undefined {
  if (value === undefined || value === "") return undefined;
  const types = value.split(",").map((part) => part.trim());
  if (!types.every((type) => (PRODUCT_TYPES as readonly string[]).includes(type)))
    throw AppError.validation("product_type", "invalid_choice");
  return types as ProductType[];
}

const listingOf = <T extends z.ZodType>(item: T) => wagtailListing(item);
const ProductsListingSchema = z.object({
  meta: z.object({ total_count: z.number().int() }),
  items: z.array(z.union([WagtailProductDetailSchema, WagtailProductCardSchema])),
});
const InstructorsListingSchema = z.object({
  meta: z.object({ total_count: z.number().int() }),
  items: z.array(z.union([WagtailInstructorDetailSchema, WagtailInstructorSchema])),
});

const errors = { 400: ErrorReplySchema, 404: ErrorReplySchema };

type App = Parameters<FastifyPluginAsyncZod>[0];
type Make = (locale: Locale) => Promise<unknown> | unknown;
/** Sends a reply cached per URL and locale within the catalogue epoch. */
function cachedSend(epochCache: EpochCache) {
  /** One cached reply per URL and locale within the epoch. */
  const cached = (request: FastifyRequest, make: Make) => {
    const locale = localeOf(request);
    return epochCache.get(`wagtail|${locale}|${request.url}`, async () => jsonBody(await make(locale)));
  };
  return async (request: FastifyRequest, reply: Parameters<typeof sendCached>[1], make: Make) =>
    sendCached(request, reply, await cached(request, make), { cacheControl: SEATS_CACHE_CONTROL });
}

/** What each resource's routes are registered with: the service and the cached send of its replies. */
type Registration = { wagtail: WagtailService; send: ReturnType<typeof cachedSend> };
const tags = ["wagtail (existing client)"];

/**
 * The Wagtail adapter's routes (D93), registered per resource below; each reply is cached per URL and
 * locale within the catalogue epoch, since every one shows the catalogue.
 */
export const wagtailRoutes =
  ({ wagtail, epochCache }: WagtailRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const registration = { wagtail, send: cachedSend(epochCache) };
    productRoutes(app, registration);
    catalogRoutes(app, registration);
    contentPageRoutes(app, registration);
    instructorRoutes(app, registration);
    imageAndBranchRoutes(app, registration);
    // The categories are the catalogue's own route (`/api/v2/products/categories/`): `{id, name, slug}`.
  };

/** Product pages and special offers. */
function productRoutes(app: App, { wagtail, send }: Registration) {
  app.get(
    "/api/v2/wagtail/products/",
    {
      schema: {
        tags,
        summary:
          "Product pages as Wagtail pages; `slug` gives the one page in full, `product_type` may list several",
        querystring: WagtailQuerySchema,
        response: { 200: ProductsListingSchema, ...errors },
      },
    },
    (request, reply) => {
      const productTypes = productTypesOf(request.query.product_type);
      const { slug } = request.query;
      return send(request, reply, (locale) =>
        wagtail.products(locale, { ...(productTypes ? { productTypes } : {}), ...(slug ? { slug } : {}) }),
      );
    },
  );

  app.get(
    "/api/v2/wagtail/products/:id/",
    {
      schema: {
        tags,
        summary: "A product page in full",
        params: WagtailIdParamsSchema,
        querystring: WagtailQuerySchema,
        response: { 200: WagtailProductDetailSchema, ...errors },
      },
    },
    (request, reply) => send(request, reply, (locale) => wagtail.product(String(request.params.id), locale)),
  );

  app.get(
    "/api/v2/wagtail/special-offers/",
    {
      schema: {
        tags,
        summary: "Special offers as product pages",
        querystring: WagtailQuerySchema,
        response: { 200: listingOf(WagtailProductDetailSchema), ...errors },
      },
    },
    (request, reply) => send(request, reply, (locale) => wagtail.specialOffers(locale, request.query.slug)),
  );

  app.get(
    "/api/v2/wagtail/special-offers/:id/",
    {
      schema: {
        tags,
        summary: "A special offer",
        params: WagtailIdParamsSchema,
        querystring: WagtailQuerySchema,
        response: { 200: WagtailProductDetailSchema, ...errors },
      },
    },
    (request, reply) =>
      send(request, reply, (locale) => wagtail.product(String(request.params.id), locale, "SpecialOffer")),
  );
}

/** Catalog pages, one per product type. */
function catalogRoutes(app: App, { wagtail, send }: Registration) {
  app.get(
    "/api/v2/wagtail/catalog/",
    {
      schema: {
        tags,
        summary: "Catalog pages, one per product type; `type=Course` picks one",
        querystring: WagtailQuerySchema,
        response: { 200: listingOf(WagtailCatalogSchema), ...errors },
      },
    },
    (request, reply) => send(request, reply, (locale) => wagtail.catalogs(locale, request.query.type)),
  );

  app.get(
    "/api/v2/wagtail/catalog/:id/",
    {
      schema: {
        tags,
        summary: "A catalog page",
        params: WagtailIdParamsSchema,
        querystring: WagtailQuerySchema,
        response: { 200: WagtailCatalogSchema, ...errors },
      },
    },
    (request, reply) => send(request, reply, (locale) => wagtail.catalog(request.params.id, locale)),
  );
}

/** Home, prices, school offers and the legal pages. */
function contentPageRoutes(app: App, { wagtail, send }: Registration) {
  for (const [path, make, summary] of [
    [
      "homepage",
      wagtail.homepage,
      "The home page: StreamField blocks over the catalogue and the home content page",
    ],
    ["prices", wagtail.prices, "The prices page: its text and every course's options"],
    ["school-offers", wagtail.schoolOffers, "The school offers page"],
  ] as const) {
    app.get(
      `/api/v2/wagtail/${path}/`,
      {
        schema: {
          tags,
          summary,
          querystring: WagtailQuerySchema,
          response: { 200: listingOf(WagtailContentPageSchema), ...errors },
        },
      },
      (request, reply) => send(request, reply, make),
    );
  }

  app.get(
    "/api/v2/wagtail/legal/",
    {
      schema: {
        tags,
        summary:
          "Imprint, privacy and terms; `slug` (legal, privacy, terms) or `name` (`Datenschultz`, `AGB`, as the existing client asks) picks one",
        querystring: WagtailQuerySchema,
        response: { 200: listingOf(WagtailLegalSchema), ...errors },
      },
    },
    (request, reply) =>
      send(request, reply, (locale) =>
        wagtail.legal(locale, { slug: request.query.slug, name: request.query.name }),
      ),
  );
}

/** Instructors, listed and one by one. */
function instructorRoutes(app: App, { wagtail, send }: Registration) {
  app.get(
    "/api/v2/wagtail/instructors/",
    {
      schema: {
        tags,
        summary: "Instructors; `slug` gives one in full",
        querystring: WagtailQuerySchema,
        response: { 200: InstructorsListingSchema, ...errors },
      },
    },
    (request, reply) => send(request, reply, (locale) => wagtail.instructors(locale, request.query.slug)),
  );

  app.get(
    "/api/v2/wagtail/instructors/:id/",
    {
      schema: {
        tags,
        summary: "An instructor with the offers they teach",
        params: WagtailIdParamsSchema,
        querystring: WagtailQuerySchema,
        response: { 200: WagtailInstructorDetailSchema, ...errors },
      },
    },
    (request, reply) =>
      send(request, reply, (locale) => wagtail.instructor(String(request.params.id), locale)),
  );
}

/** Images of the catalogue by id, and the school's houses. */
function imageAndBranchRoutes(app: App, { wagtail, send }: Registration) {
  app.get(
    "/api/v2/wagtail/images/:id/",
    {
      schema: {
        tags,
        summary: "An image of the catalogue by its id; `meta.download_url` is a path on this server",
        params: WagtailIdParamsSchema,
        querystring: WagtailQuerySchema,
        response: { 200: WagtailImageSchema, ...errors },
      },
    },
    (request, reply) => send(request, reply, (locale) => wagtail.image(request.params.id, locale)),
  );

  app.get(
    "/api/v2/products/branches/",
    {
      schema: {
        tags: ["catalogue"],
        summary: "The school's houses (branches), a bare list as the existing client reads it",
        querystring: LocaleQuerySchema,
        response: { 200: BranchListSchema },
      },
    },
    // Per catalogue epoch: staff edit the houses in the back office (D151).
    (request, reply) => send(request, reply, (locale) => wagtail.branches(locale)),
  );
}
