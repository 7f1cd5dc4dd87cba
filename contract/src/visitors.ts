import { z } from "zod";
import { BirthDateSchema } from "./rules/birth-date.ts";
import { NameSchema } from "./rules/name.ts";
import { PathIdSchema } from "./rules/path-id.ts";

/** Visitors (attendees, usually children): `GET/POST /api/v2/visitors/`, `PATCH /api/v2/visitors/{id}/`. */

/**
 * Children one account may keep (D523): a large family several times over. More is a runaway client, or
 * invented children booking a week's seats past the one-booking-per-child rule.
 */
export const VISITORS_MAX_PER_ACCOUNT = 20;

export const VisitorInputSchema = z.object({
  first_name: NameSchema,
  last_name: NameSchema,
  birth_date: BirthDateSchema,
});
export type VisitorInput = z.infer<typeof VisitorInputSchema>;

export const VisitorPatchSchema = /* @__PURE__ */ VisitorInputSchema.partial();
export type VisitorPatch = z.infer<typeof VisitorPatchSchema>;

export const VisitorSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  birth_date: z.string(),
});
export type Visitor = z.infer<typeof VisitorSchema>;
export const VisitorListSchema = z.array(VisitorSchema);

/** A database id in a path: `{id}` of `/api/v2/visitors/{id}/` and `/api/v2/orders/items/{id}/`. */
export const IdParamsSchema = z.object({ id: PathIdSchema });

/** The option label of spec §3: "first_name last_name". */
export const visitorLabel = (visitor: { first_name: string; last_name: string }) =>
  `${visitor.first_name} ${visitor.last_name}`.trim();

/** A guest's visitor, kept in local storage under `visitors` with id = count + 1 (spec §3). */
export const GuestVisitorSchema = VisitorSchema;
export type GuestVisitor = Visitor;
export const GuestVisitorListSchema = z.array(GuestVisitorSchema);
