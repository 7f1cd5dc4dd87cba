import {
  AdminGiftCardMailInputSchema,
  AdminIdParamsSchema,
  AdminResendSchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { attachmentDisposition } from "../common/index.ts";
import type { Db } from "../db/index.ts";
import type { Seller } from "../invoices/index.ts";
import { currentUser, requireStaff } from "../plugins/index.ts";
import { createGiftCardDelivery } from "./gift-card-delivery.service.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";

/** A gift card mailed to its recipient or downloaded as its PDF (D277), for staff only. */
export const giftCardDeliveryRoutes =
  ({ db, seller, publicUrl }: { db: Db; seller: Seller; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const delivery = createGiftCardDelivery(db, { seller, publicUrl });
    app.addHook("onRequest", requireStaff);
    app.post(
      "/api/v2/admin/gift-cards/:id/mail/",
      {
        schema: {
          ...base(
            "Mail a gift card with its PDF to its recipient, in the language chosen, with a message; while that mail still waits, it is the answer (D277)",
          ),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminGiftCardMailInputSchema,
          response: { 200: AdminResendSchema, ...errors },
        },
      },
      async (request) => delivery.mail(currentUser(request), request.params.id, request.body),
    );
    app.get(
      "/api/v2/admin/gift-cards/:id/pdf/",
      {
        schema: {
          ...base("A gift card as the printable PDF a bought card is mailed with (D277)"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const file = await delivery.pdf(currentUser(request), request.params.id);
        return (reply as FastifyReply)
          .type("application/pdf")
          .header("content-disposition", attachmentDisposition(file.filename))
          .header("cache-control", "private, no-store")
          .send(Buffer.from(file.pdf));
      },
    );
  };
