import {
  CategoryListSchema,
  HouseListSchema,
  IdOrSlugParamsSchema,
  InstructorDetailSchema,
  InstructorListSchema,
  LocaleQuerySchema,
  ProductDetailSchema,
  ProductListQuerySchema,
  ProductListSchema,
  parseProductListQuery,
} from "@atelier/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorReplySchema } from "../errors/index.ts";
import type { CatalogueService } from "./catalogue.service.ts";
import type { EpochCache } from "./epoch-cache.ts";
import {
  jsonBody,
  type ResponseCache,
  SEATS_CACHE_CONTROL,
  sendCached,
  wrappedJsonBody,
} from "./http-cache.ts";

export type CatalogueRoutesDeps = {
  catalogue: CatalogueService;
  /**
   * The short-TTL cache the public routes share; categories and instructors left it for the epoch cache
   * once staff could edit them (D116), so it is kept here only for the routes' callers.
   */
  cache: ResponseCache;
  /** Replies with seats left: reused only within the catalogue epoch they were made in (D85). */
  epochCache: EpochCache;
  publicUrl: string;
};

/** Path and query string of the request as sent; together they key the cache (the hot path parses nothing). */
function splitUrl(request: FastifyRequest) {
  const mark = request.url.indexOf("?");
  return mark === -1
    ? { path: request.url, query: "" }
    : { path: request.url.slice(0, mark), query: request.url.slice(mark + 1) };
}

/** Django REST page links: the request's own URL with `page` replaced (page 1 drops it), absolute on PUBLIC_URL. */
function pageLink(publicUrl: string, path: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page === 1) next.delete("page");
  else next.set("page", String(page));
  const query = next.toString();
  return `${publicUrl.replace(/\/$/, "")}${path}${query ? `?${query}` : ""}`;
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The products: the filtered, paginated list, the categories to filter by, and one product page. */
function productRoutes(app: App, { catalogue, epochCache, publicUrl }: CatalogueRoutesDeps) {
  app.get(
    "/api/v2/products/",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Published products, filtered and paginated",
        querystring: ProductListQuerySchema,
        response: { 200: ProductListSchema, 400: ErrorReplySchema, 404: ErrorReplySchema },
      },
    },
    async (request, reply) => {
      const filters = parseProductListQuery(request.query);
      const { path, query } = splitUrl(request);
      const cached = await epochCache.get(`products|${request.locale}|${path}?${query}`, async (epoch) => {
        const page = await catalogue.listProductsJson(filters, request.locale, epoch);
        const params = new URLSearchParams(query);
        const next = page.hasNext ? pageLink(publicUrl, path, params, filters.page + 1) : null;
        const previous = page.hasPrevious ? pageLink(publicUrl, path, params, filters.page - 1) : null;
        // The results are JSON made once per epoch (D85); this is what JSON.stringify of the whole page makes.
        return wrappedJsonBody(
          `{"count":${page.count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":`,
          page.results,
          "}",
        );
      });
      return sendCached(request, reply, cached, { cacheControl: SEATS_CACHE_CONTROL });
    },
  );

  app.get(
    "/api/v2/products/categories/",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Product categories (subjects)",
        querystring: LocaleQuerySchema,
        response: { 200: CategoryListSchema },
      },
    },
    async (request, reply) => {
      // Per catalogue epoch, not for a time: staff edit categories in the back office (D116).
      const cached = await epochCache.get(`categories|${request.locale}`, async () =>
        jsonBody(await catalogue.listCategories(request.locale)),
      );
      return sendCached(request, reply, cached, { cacheControl: SEATS_CACHE_CONTROL });
    },
  );

  app.get(
    "/api/v2/products/:id/",
    {
      schema: {
        tags: ["catalogue"],
        summary: "A product page by id or slug",
        params: IdOrSlugParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: ProductDetailSchema, 404: ErrorReplySchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const cached = await epochCache.get(`product|${request.locale}|${id}`, async () =>
        jsonBody(await catalogue.getProduct(id, request.locale)),
      );
      return sendCached(request, reply, cached, { cacheControl: SEATS_CACHE_CONTROL });
    },
  );
}

/** The school's houses and instructors, each instructor with the product pages they teach. */
function schoolRoutes(app: App, { catalogue, epochCache }: CatalogueRoutesDeps) {
  app.get(
    "/api/v2/locations/",
    {
      schema: {
        tags: ["catalogue"],
        summary: "The school's houses, to filter the lists by (`?location=<id>`, D151)",
        querystring: LocaleQuerySchema,
        response: { 200: HouseListSchema },
      },
    },
    async (request, reply) => {
      // Per catalogue epoch: staff edit the houses in the back office, and the feed reports it (D151).
      const cached = await epochCache.get(`houses|${request.locale}`, async () =>
        jsonBody(await catalogue.listHouses(request.locale)),
      );
      return sendCached(request, reply, cached, { cacheControl: SEATS_CACHE_CONTROL });
    },
  );

  app.get(
    "/api/v2/instructors/",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Instructors of the school",
        querystring: LocaleQuerySchema,
        response: { 200: InstructorListSchema },
      },
    },
    async (request, reply) => {
      // Per catalogue epoch, not for a time: staff edit instructors in the back office (D116).
      const cached = await epochCache.get(`instructors|${request.locale}`, async () =>
        jsonBody(await catalogue.listInstructors(request.locale)),
      );
      return sendCached(request, reply, cached, { cacheControl: SEATS_CACHE_CONTROL });
    },
  );

  app.get(
    "/api/v2/instructors/:id/",
    {
      schema: {
        tags: ["catalogue"],
        summary: "An instructor by id or slug, with the product pages they teach",
        params: IdOrSlugParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: InstructorDetailSchema, 404: ErrorReplySchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const cached = await epochCache.get(`instructor|${request.locale}|${id}`, async () =>
        jsonBody(await catalogue.getInstructor(id, request.locale)),
      );
      return sendCached(request, reply, cached, { cacheControl: SEATS_CACHE_CONTROL });
    },
  );
}

export const catalogueRoutes =
  (deps: CatalogueRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    productRoutes(app, deps);
    schoolRoutes(app, deps);
  };
