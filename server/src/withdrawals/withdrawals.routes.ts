import { ItemParamsSchema, WithdrawalQuerySchema, WithdrawalSchema } from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorReplySchema } from "../errors/index.ts";
import { currentUser, requireUser } from "../plugins/index.ts";
import type { WithdrawalsService } from "./withdrawals.service.ts";

const responses = {
  200: WithdrawalSchema,
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  404: ErrorReplySchema,
};

/** The withdrawal of a bought item (§ 356a BGB, D75): look first, then withdraw; another family's item is 404. */
export const withdrawalsRoutes =
  ({ withdrawals }: { withdrawals: WithdrawalsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/orders/items/:id/withdrawal/",
      {
        preValidation: requireUser,
        schema: {
          tags: ["orders"],
          summary: "Can the item be withdrawn, until when, and what would be refunded",
          security: [{ tokenAuth: [] }],
          params: ItemParamsSchema,
          querystring: WithdrawalQuerySchema,
          response: responses,
        },
      },
      async (request) => withdrawals.view(currentUser(request).id, request.params.id),
    );
    app.post(
      "/api/v2/orders/items/:id/withdraw/",
      {
        preValidation: requireUser,
        schema: {
          tags: ["orders"],
          summary: "Withdraw from the item's contract (once; a repeat answers the same withdrawal)",
          security: [{ tokenAuth: [] }],
          params: ItemParamsSchema,
          querystring: WithdrawalQuerySchema,
          response: responses,
        },
      },
      async (request) => withdrawals.withdraw(currentUser(request).id, request.params.id),
    );
  };
