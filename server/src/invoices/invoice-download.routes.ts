import { InvoiceNumberParamsSchema, LocaleQuerySchema, OrderParamsSchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { attachmentDisposition } from "../common/index.ts";
import { currentUser, requireUser } from "../plugins/index.ts";
import type { InvoiceDownloads } from "./invoice-download.ts";

const common = { tags: ["orders"], security: [{ tokenAuth: [] }], querystring: LocaleQuerySchema };

/** Invoice and credit note PDFs for their owner (the profile fetches them signed in and saves the file). */
export const invoiceDownloadRoutes =
  ({ downloads }: { downloads: InvoiceDownloads }): FastifyPluginAsyncZod =>
  async (app) => {
    const send = (
      reply: { header: (k: string, v: string) => unknown; type: (t: string) => unknown },
      file: { filename: string; pdf: Buffer },
    ) => {
      reply.type("application/pdf");
      reply.header("content-disposition", attachmentDisposition(file.filename));
      reply.header("cache-control", "private, no-store");
      return file.pdf;
    };
    app.get(
      "/api/v2/orders/:id/invoice.pdf",
      {
        preValidation: requireUser,
        schema: { ...common, summary: "The order's invoice as PDF", params: OrderParamsSchema },
      },
      async (request, reply) =>
        send(reply, await downloads.ofOrder(currentUser(request).id, request.params.id)),
    );
    app.get(
      "/api/v2/invoices/:number/pdf/",
      {
        preValidation: requireUser,
        schema: {
          ...common,
          summary: "An invoice or credit note (RE-…, GS-…) as PDF",
          params: InvoiceNumberParamsSchema,
        },
      },
      async (request, reply) =>
        send(reply, await downloads.byNumber(currentUser(request).id, request.params.number)),
    );
  };
