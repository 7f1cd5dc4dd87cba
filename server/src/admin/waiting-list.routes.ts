import {
  AdminIdParamsSchema,
  AdminListQuerySchema,
  AdminWaitingEntryListSchema,
  AdminWaitingEntrySchema,
  AdminWaitingOfferCheckSchema,
  AdminWaitingOfferInputSchema,
  AdminWaitingRemoveInputSchema,
  LocaleQuerySchema,
  WAITING_ENTRY_STATUSES,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorReplySchema } from "../errors/index.ts";
import { type AuthUser, currentUser, requireStaff } from "../plugins/index.ts";
import type { StaffAudit, WaitingListService } from "../waiting-list/index.ts";
import { recordAudit } from "./audit.repository.ts";
import { filterValue, listCut, sendList } from "./list-query.ts";
import { adminOperation as base } from "./route-docs.ts";

const errors = {
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  403: ErrorReplySchema,
  404: ErrorReplySchema,
};

/** Each staff write on a waiting list is audited in its transaction (`waiting_list_entries`, `update`). */
const auditBy =
  (staff: AuthUser): StaffAudit =>
  (tx, entry) =>
    recordAudit(tx, {
      userId: staff.id,
      userEmail: staff.email,
      resource: entry.resource ?? "waiting_list_entries",
      recordId: entry.id,
      action: entry.action,
      before: entry.before,
      after: entry.after,
    });

/** `/api/v2/admin/waiting-list/*` (issue 21, D162–D163): the queues per slot and week, offer, remove. */
export const adminWaitingListRoutes =
  ({ waitingList }: { waitingList: WaitingListService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireStaff);
    app.get(
      "/api/v2/admin/waiting-list/",
      {
        schema: {
          ...base(
            "Waiting-list entries, first come first; filter slot, week, product (page id), status (default waiting and offered)",
          ),
          querystring: AdminListQuerySchema,
          response: { 200: AdminWaitingEntryListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const cut = listCut(request.query, waitingList.staff.sorts, "id");
        const filter = request.query.filter ?? {};
        const page = await waitingList.staff.list(
          {
            ids: filterValue.ids(filter, "id"),
            slot: filterValue.id(filter, "slot"),
            week: filterValue.id(filter, "week"),
            product: filterValue.id(filter, "product"),
            date: filterValue.date(filter, "date"),
            statuses: filterValue.strings(filter, "status", WAITING_ENTRY_STATUSES) as
              | (typeof WAITING_ENTRY_STATUSES)[number][]
              | undefined,
          },
          cut,
          request.locale,
        );
        return sendList(reply, "waiting-list", cut.offset, page);
      },
    );
    app.get(
      "/api/v2/admin/waiting-list/:id/",
      {
        schema: {
          ...base("One waiting-list entry"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminWaitingEntrySchema, ...errors },
        },
      },
      async (request) => waitingList.staff.get(request.params.id, request.locale),
    );
    app.get(
      "/api/v2/admin/waiting-list/:id/offer/",
      {
        schema: {
          ...base("Whether offering a seat to the entry needs one more seat (asked before offering, D310)"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          response: { 200: AdminWaitingOfferCheckSchema, ...errors },
        },
      },
      async (request) => waitingList.staff.needsSeat(request.params.id),
    );
    app.post(
      "/api/v2/admin/waiting-list/:id/offer/",
      {
        schema: {
          ...base(
            "Offer a seat of the entry's slot or week to this entry (a free seat, or the oldest running offer no cart holds yet); mails the parent",
          ),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminWaitingOfferInputSchema,
          response: { 200: AdminWaitingEntrySchema, ...errors },
        },
      },
      async (request) =>
        waitingList.staff.offer(
          request.params.id,
          auditBy(currentUser(request)),
          request.locale,
          request.body?.add_seat ?? false,
        ),
    );
    app.post(
      "/api/v2/admin/waiting-list/:id/remove/",
      {
        schema: {
          ...base("Take the entry off its waiting list; notify (default true) mails the parent"),
          params: AdminIdParamsSchema,
          querystring: LocaleQuerySchema,
          body: AdminWaitingRemoveInputSchema,
          response: { 200: AdminWaitingEntrySchema, ...errors },
        },
      },
      async (request) =>
        waitingList.staff.remove(
          request.params.id,
          request.body.notify,
          auditBy(currentUser(request)),
          request.locale,
        ),
    );
  };
