import { z } from "zod";

/**
 * The part of a Stripe event we read: its id, type, time and object (a Checkout Session, a Charge, an
 * Invoice or a Subscription). A signed body that is no such event (an array, an event without
 * `data.object`, a field of another type) is refused with 400 (D202): a sender's fault, never ours.
 */
export const StripeEventSchema = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative().optional(),
  data: z.looseObject({
    object: z.looseObject({
      id: z.string().min(1).max(255).optional(),
      mode: z.string().optional(),
      payment_intent: z.unknown().optional(),
      status: z.string().nullable().optional(),
      amount_paid: z.number().int().optional(),
      metadata: z.record(z.string(), z.unknown()).nullable().optional(),
      parent: z
        .looseObject({
          subscription_details: z
            .looseObject({
              subscription: z.unknown().optional(),
              metadata: z.record(z.string(), z.unknown()).nullable().optional(),
            })
            .nullable()
            .optional(),
        })
        .nullable()
        .optional(),
    }),
  }),
});
export type StripeEvent = z.infer<typeof StripeEventSchema>;

/** What became of an event: acted on, waiting for its cause, or about nothing this shop knows. */
export type Outcome = "done" | "keep" | "not_ours";
