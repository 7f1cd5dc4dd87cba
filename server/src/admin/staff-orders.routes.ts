import {
  AdminIdParamsSchema,
  AdminResendSchema,
  AdminStaffOrderInputSchema,
  AdminStaffOrderQuoteInputSchema,
  AdminStaffOrderQuoteSchema,
  AdminStaffOrderSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/index.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";
import type { createStaffOrdersAdmin } from "./staff-orders.service.ts";

/**
 * Booking by phone (D156, D275) and its payment link mailed again (D276); registered inside
 * `adminOrdersRoutes`, whose staff guard runs first.
 */
export const staffOrderRoutes =
  (onBehalf: ReturnType<typeof createStaffOrdersAdmin>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/v2/admin/orders/:id/resend-payment-link/",
      {
        schema: {
          ...base(
            "Mail the payment link of an order staff built again, as sent, while its seats are held; a copy made in the last minutes is the answer, at most five copies (D276)",
          ),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminResendSchema, ...errors },
        },
      },
      async (request) => onBehalf.resendLink(currentUser(request), request.params.id),
    );

    app.post(
      "/api/v2/admin/staff-orders/quote/",
      {
        schema: {
          ...base(
            "What a booking by phone would cost, line by line and in total, priced as saving it would; nothing is written (D275)",
          ),
          querystring: LocaleQuerySchema,
          body: AdminStaffOrderQuoteInputSchema,
          response: { 200: AdminStaffOrderQuoteSchema, ...errors },
        },
      },
      async (request) => onBehalf.quote(request.body),
    );
    app.post(
      "/api/v2/admin/staff-orders/",
      {
        schema: {
          ...base(
            "Book on behalf of a parent: the order is priced by the shop's rules, its seats held, and the parent mailed a payment link; once per request_id",
          ),
          querystring: LocaleQuerySchema,
          body: AdminStaffOrderInputSchema,
          response: { 200: AdminStaffOrderSchema, ...errors },
        },
      },
      async (request) => onBehalf.create(currentUser(request), request.body),
    );
  };
