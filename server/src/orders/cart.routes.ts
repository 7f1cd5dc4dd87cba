import {
  CartIdSchema,
  CartQuerySchema,
  DeleteCourseParamsSchema,
  IdParamsSchema,
  type Order,
  OrderItemInputSchema,
  OrderItemPatchSchema,
  OrderItemSchema,
  OrderSchema,
  PurchaseTermsQuerySchema,
  PurchaseTermsSchema,
  SetPromocodeSchema,
} from "@atelier/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { jsonBody, sendCached } from "../catalogue/index.ts";
import { ErrorReplySchema } from "../errors/index.ts";
import type { CartCaller, CartService } from "./cart.service.ts";

/** The order as the route's schema serializes it (Fastify's zod serializer: encode, then JSON). */
const encodeOrder = (order: Order) => jsonBody(z.encode(OrderSchema, order));

/** A cart is one family's: no shared cache keeps it (the ETag still saves a reload's bytes). */
const PRIVATE_NO_STORE = "private, no-store";

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 404: ErrorReplySchema };
// A guest calls without a token (its cart_id names the cart), a signed-in parent with one.
const security: Record<string, string[]>[] = [{}, { tokenAuth: [] }];
const common = { tags: ["orders"], security, querystring: CartQuerySchema };

/**
 * The caller of a cart route: a valid token makes it the user's cart; without one, the guest cart of
 * `?cart_id=`. (A stale token is a guest, as on the catalogue: the parent keeps browsing.)
 */
async function cartCaller(
  request: FastifyRequest<{ Querystring: { cart_id?: string | undefined } }>,
): Promise<CartCaller> {
  const user = await request.server.authenticateRequest(request);
  return { userId: user?.id ?? null, cartId: request.query.cart_id };
}

/** The cart calls of spec §7 (shapes in api-shapes.md "Cart and orders"). */
export const cartRoutes =
  ({
    cart,
    initPerMinute,
    promocodePerMinute,
  }: {
    cart: CartService;
    initPerMinute: number;
    promocodePerMinute: number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/v2/orders/init/",
      {
        // Each call writes a cart: bounded per client address (429 with Retry-After).
        config: { rateLimit: { max: initPerMinute, timeWindow: "1 minute" } },
        schema: {
          ...common,
          summary: "Start a cart",
          response: { 201: CartIdSchema, ...errors, 429: ErrorReplySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await cart.init(await cartCaller(request), request.locale)),
    );

    app.get(
      "/api/v2/orders/current/",
      { schema: { ...common, summary: "The current cart", response: { 200: OrderSchema, ...errors } } },
      async (request, reply) => {
        const body = await cart.currentReply(await cartCaller(request), request.locale, encodeOrder);
        return sendCached(request, reply, body, { cacheControl: PRIVATE_NO_STORE, localized: false });
      },
    );

    app.get(
      "/api/v2/orders/terms/",
      {
        schema: {
          tags: ["orders"],
          security: [{}],
          summary:
            "What a booking would buy if paid today (the buy page, before adding): first lesson, period, next payment, house (D154)",
          querystring: PurchaseTermsQuerySchema,
          response: { 200: PurchaseTermsSchema, 400: ErrorReplySchema, 404: ErrorReplySchema },
        },
      },
      async (request) => cart.terms(request.query, request.locale),
    );

    app.post(
      "/api/v2/orders/items/",
      {
        schema: {
          ...common,
          summary: "Add an item to the cart",
          body: OrderItemInputSchema,
          response: { 201: OrderItemSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await cart.addItem(await cartCaller(request), request.body, request.locale)),
    );

    app.patch(
      "/api/v2/orders/items/:id/",
      {
        schema: {
          ...common,
          summary: "Change an item of the cart (e.g. its child)",
          params: IdParamsSchema,
          body: OrderItemPatchSchema,
          response: { 200: OrderItemSchema, ...errors },
        },
      },
      async (request) =>
        cart.updateItem(await cartCaller(request), request.params.id, request.body, request.locale),
    );

    app.delete(
      "/api/v2/orders/items/:id/",
      {
        schema: {
          ...common,
          summary: "Remove an item from the cart",
          params: IdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await cart.removeItem(await cartCaller(request), request.params.id, request.locale);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      "/api/v2/orders/items/delete_course/:courseId/:itemId/",
      {
        schema: {
          ...common,
          summary: "Remove an item of a course from the cart",
          params: DeleteCourseParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const { courseId, itemId } = request.params;
        await cart.removeItem(await cartCaller(request), itemId, request.locale, courseId);
        return reply.status(204).send(null);
      },
    );

    promocodeRoute(app, cart, promocodePerMinute);
  };

/** Sets or removes the cart's code (a promocode or a gift card's). */
function promocodeRoute(app: Parameters<FastifyPluginAsyncZod>[0], cart: CartService, perMinute: number) {
  app.put(
    "/api/v2/orders/current/set_promocode/",
    {
      // An unknown code is told apart from a known one: tries are bounded per client address (D615).
      config: { rateLimit: { max: perMinute, timeWindow: "1 minute" } },
      schema: {
        ...common,
        summary: "Apply a promocode to the cart (an empty code removes it)",
        body: SetPromocodeSchema,
        response: { 200: OrderSchema, ...errors, 429: ErrorReplySchema },
      },
    },
    async (request) => cart.setPromocode(await cartCaller(request), request.body.promocode, request.locale),
  );
}
