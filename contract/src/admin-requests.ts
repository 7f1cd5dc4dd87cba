import { z } from "zod";
import { ProfileUpdateRequestSchema, UserAddressSchema } from "./accounts.ts";
import { VersionSchema as Version } from "./admin-fields.ts";
import { AppointmentDateSchema, CONTACT_REQUEST_KINDS } from "./contact.ts";
import { LocaleSchema } from "./rules/locale.ts";
import { isOneLine, ONE_LINE } from "./rules/one-line.ts";
import { PathIdSchema } from "./rules/path-id.ts";
import { VISIT_REQUEST_KINDS } from "./visit-requests.ts";
import { VisitorPatchSchema } from "./visitors.ts";

/**
 * The requests inbox, waiting lists and people of the back office (issue 21; D136-D140). Birthday-party
 * requests do not exist yet: when they do, they get a kind of their own beside `visit` and `contact` in
 * `INBOX_SOURCES`, the same `REQUEST_STATUSES`, note and handler, and a resource `party-requests`.
 */
export const INBOX_SOURCES = ["visit", "contact"] as const;

/** Where the school's answer to a request stands (D136). */
export const REQUEST_STATUSES = ["new", "in_progress", "done"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** An internal note's length; notes are for staff only. */
export const REQUEST_NOTE_MAX = 2_000;

const ID_MAX = 2_147_483_647;
const Note = z.string({ error: "invalid" }).max(REQUEST_NOTE_MAX, { error: "too_long" });
const Handler = z.number({ error: "invalid" }).int().min(1).max(ID_MAX).nullable();

/** A visit request as staff read it. */
export const AdminVisitRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(VISIT_REQUEST_KINDS),
  product_page: z.number().int(),
  product_name: z.string(),
  user: z.number().int().nullable(),
  children: z.array(
    z.object({ first_name: z.string(), last_name: z.string(), birth_date: z.string().nullable() }),
  ),
  adults: z.array(
    z.object({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone: z.string(),
      relation: z.string(),
    }),
  ),
  /** The wished day, or once confirmed (`confirmed_at` set) the day the school confirmed. */
  date: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  /** The group (slot id) the family chose for a trial (D329); null when they named none. */
  requested_slot: z.number().int().nullable(),
  /** The confirmed lesson's time, `HH:MM` (issue 29, D270); null before a confirmation or when none was named. */
  confirmed_start: z.string().nullable(),
  confirmed_end: z.string().nullable(),
  /** The offer's house with its address, as the confirmation mail names it; null when the offer has none. */
  house: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  note: z.string(),
  handler: z.number().int().nullable(),
  locale: LocaleSchema,
  created_at: z.string(),
  version: z.string(),
});
export type AdminVisitRequest = z.infer<typeof AdminVisitRequestSchema>;
export const AdminVisitRequestListSchema = z.array(AdminVisitRequestSchema);

/** Status, note and handler of a request read at `version`. */
export const AdminRequestUpdateSchema = z
  .object({
    status: z.enum(REQUEST_STATUSES, { error: "invalid_choice" }),
    note: Note,
    handler: Handler,
    version: Version,
  })
  .strict();
export type AdminRequestUpdate = z.infer<typeof AdminRequestUpdateSchema>;

/** "Confirm a date" (D137): today or later in Berlin; the parent is mailed in the request's language. */
const TimeOfDay = z
  .string({ error: "invalid_time" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "invalid_time" });

/**
 * `slot` names the offer's lesson that day (its time and house go into the mail); without it, the one lesson
 * of the offer that day is taken, or `start` (`HH:MM`) for a visit at another time (D270). Confirming what is
 * already confirmed (the same day and time) answers the request as it is and mails nobody (D271).
 */
export const AdminConfirmDateSchema = z
  .object({
    date: AppointmentDateSchema,
    slot: z.number({ error: "invalid" }).int().min(1).max(ID_MAX).nullable().optional(),
    start: TimeOfDay.nullable().optional(),
    version: Version,
  })
  .strict();
export type AdminConfirmDate = z.infer<typeof AdminConfirmDateSchema>;

/** A staff message to the family of a visit request (D272): a one-line subject and a text. */
export const VISIT_MESSAGE_SUBJECT_MAX = 150;
export const VISIT_MESSAGE_TEXT_MAX = 5_000;
export const AdminVisitMessageInputSchema = z
  .object({
    subject: z
      .string({ error: "required" })
      .trim()
      .min(1, { error: "required" })
      .max(VISIT_MESSAGE_SUBJECT_MAX, { error: "too_long" })
      .refine(isOneLine, ONE_LINE),
    text: z
      .string({ error: "required" })
      .trim()
      .min(1, { error: "required" })
      .max(VISIT_MESSAGE_TEXT_MAX, { error: "too_long" }),
  })
  .strict();
export type AdminVisitMessageInput = z.infer<typeof AdminVisitMessageInputSchema>;

/** A message kept with its request: who wrote it, when, to whom, and what. */
export const AdminVisitMessageSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type AdminVisitMessage = z.infer<typeof AdminVisitMessageSchema>;
export const AdminVisitMessageListSchema = z.array(AdminVisitMessageSchema);

/** A contact request as staff read it. */
export const AdminContactRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTACT_REQUEST_KINDS),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  comment: z.string(),
  message: z.string(),
  position: z.string(),
  appointment_date: z.string().nullable(),
  locale: LocaleSchema,
  status: z.enum(REQUEST_STATUSES),
  note: z.string(),
  handler: z.number().int().nullable(),
  created_at: z.string(),
  version: z.string(),
});
export type AdminContactRequest = z.infer<typeof AdminContactRequestSchema>;
export const AdminContactRequestListSchema = z.array(AdminContactRequestSchema);

// ---------- People (D138, D139) ----------

/** In the database enum's order: `instructor` came last (migration 0037). */
export const PERSON_ROLES = ["customer", "staff", "admin", "instructor"] as const;

export const AdminPersonSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  role: z.enum(PERSON_ROLES),
  /** The instructor record an `instructor` account teaches as (issue 35, D380); null for every other role. */
  instructor: z.number().int().nullable(),
  locale: LocaleSchema,
  created_at: z.string(),
});
export type AdminPerson = z.infer<typeof AdminPersonSchema>;
export const AdminPersonListSchema = z.array(AdminPersonSchema);

/** A child as staff see it on the family's page: what the parent keeps, and the team's notes (D549). */
export const AdminChildSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  birth_date: z.string(),
  notes: z.string(),
});
export type AdminChild = z.infer<typeof AdminChildSchema>;

/** The longest note on a child (allergies, who fetches them): what a roster's line holds. */
export const CHILD_NOTES_MAX = 1000;

/**
 * Staff correct a child's data when the family asks (D549): the names and birth date under the rules the
 * parent's own profile keeps, and the notes the roster shows (allergies, who fetches the child).
 */
export const AdminChildPatchSchema = VisitorPatchSchema.extend({
  notes: z.string({ error: "invalid" }).trim().max(CHILD_NOTES_MAX, { error: "too_long" }).optional(),
}).strict();
export type AdminChildPatch = z.infer<typeof AdminChildPatchSchema>;

export const AdminChildParamsSchema = z.object({ id: PathIdSchema, child: PathIdSchema });

/**
 * Staff correct a family's own data when it asks (D576): the fields and rules of the parent's own profile
 * (`PATCH /api/v2/users/add_profile_info/`), not the e-mail (the sign-in; the parent changes it nowhere).
 */
export const AdminPersonPatchSchema = ProfileUpdateRequestSchema.omit({
  pk: true,
  id: true,
  email: true,
}).strict();
export type AdminPersonPatch = z.infer<typeof AdminPersonPatchSchema>;

/** A parent with their address (the invoices' billing address), children, orders and requests. */
export const AdminPersonDetailSchema = AdminPersonSchema.extend({
  ...UserAddressSchema.shape,
  /** Addresses the account moved off (D577), newest first, with when: a family calls from its old one (D580). */
  previous_emails: z.array(z.object({ email: z.string(), until: z.string() })),
  children: z.array(AdminChildSchema),
  orders: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      total_checkout_cents: z.number().int(),
      paid_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  requests: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(VISIT_REQUEST_KINDS),
      status: z.enum(REQUEST_STATUSES),
      date: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type AdminPersonDetail = z.infer<typeof AdminPersonDetailSchema>;

/**
 * Grant or revoke a role (admins only; nobody changes their own role, D138). `instructor` names the
 * instructor record the account teaches as and is required with that role (D380).
 */
export const AdminRoleInputSchema = z
  .object({
    role: z.enum(PERSON_ROLES, { error: "invalid_choice" }),
    instructor: z
      .number({ error: "invalid_choice" })
      .int({ error: "invalid_choice" })
      .min(1, { error: "invalid_choice" })
      .max(2_147_483_647, { error: "invalid_choice" })
      .nullish(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.role === "instructor" && input.instructor == null)
      ctx.addIssue({ code: "custom", path: ["instructor"], message: "required" });
  });
export type AdminRoleInput = z.infer<typeof AdminRoleInputSchema>;

/** Erasing a family (D139) is confirmed by typing the account's e-mail address. */
export const AdminEraseInputSchema = z
  .object({ confirm_email: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(254) })
  .strict();
export type AdminEraseInput = z.infer<typeof AdminEraseInputSchema>;

/** What an erasure removed and what the tax law keeps. */
export const AdminErasureSchema = z.object({
  id: z.number().int(),
  erased: z.literal(true),
  kept_invoices: z.number().int(),
  kept_orders: z.number().int(),
});
export type AdminErasure = z.infer<typeof AdminErasureSchema>;

// ---------- The parent's own requests (profile, D137) ----------

/** `GET /api/v2/users/visit_requests/`: the signed-in parent's visit requests, newest first. */
export const MyVisitRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(VISIT_REQUEST_KINDS),
  product_page: z.object({ id: z.number().int(), name: z.string() }),
  date: z.string().nullable(),
  confirmed: z.boolean(),
  status: z.enum(REQUEST_STATUSES),
  created_at: z.string(),
});
export type MyVisitRequest = z.infer<typeof MyVisitRequestSchema>;
export const MyVisitRequestListSchema = z.array(MyVisitRequestSchema);
