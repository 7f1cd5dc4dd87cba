import {
  AdminIdParamsSchema,
  type AdminListQuery,
  AdminListQuerySchema,
  LocaleQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { AuthUser } from "../plugins/index.ts";
import { currentUser } from "../plugins/index.ts";
import { sendList } from "./list-query.ts";
import { adminOperation as base, adminErrors as errors } from "./route-docs.ts";

export type Service<T, I, U> = {
  list(query: AdminListQuery): ListPage<T>;
  get(id: number): Promise<T>;
  create(staff: AuthUser, input: I): Promise<T>;
  update(staff: AuthUser, id: number, input: U): Promise<T>;
  /** None for a resource that is never deleted (content pages, promocodes, gift cards): no DELETE route. */
  remove?(staff: AuthUser, id: number): Promise<T>;
};

/** What a list route answers: the rows of one page and where it was cut. */
export type ListPage<T> = Promise<{ cut: { offset: number }; page: { rows: T[]; total: number } }>;

export type Resource<R extends z.ZodType, I extends z.ZodType, U extends z.ZodType> = {
  name: string;
  record: R;
  list: z.ZodType;
  input: I;
  update: U;
  service: Service<z.infer<R>, z.infer<I>, z.infer<U>>;
  says: { list: string; one: string; create: string; update: string; remove?: string };
};

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One list in the back office's list convention (D97): `GET /api/v2/admin/<name>/` with the range and
 * filter of react-admin's simple REST client, answered with `Content-Range`. Also for lists that are no
 * resource of their own (the uses of promocodes, the ledger of gift cards).
 */
export function registerListRoute<T>(
  app: ZodApp,
  name: string,
  list: { schema: z.ZodType; says: string; load(query: AdminListQuery): ListPage<T> },
) {
  app.get(
    `/api/v2/admin/${name}/`,
    {
      schema: {
        ...base(list.says),
        querystring: AdminListQuerySchema,
        response: { 200: list.schema, ...errors },
      },
    },
    async (request, reply) => {
      const { cut, page } = await list.load(request.query);
      return sendList(reply, name, cut.offset, page);
    },
  );
}

/**
 * A staff resource's five routes in the back office's one list convention (D97): list, one, create, save at
 * `version` and delete (when the service deletes). Called inside `adminRoutes`, so its `requireStaff` hook
 * guards every route.
 */
export function registerCrudRoutes<R extends z.ZodType, I extends z.ZodType, U extends z.ZodType>(
  app: ZodApp,
  resource: Resource<R, I, U>,
) {
  const { name, service, says } = resource;
  // The reply is checked against the record's schema at run time; for the compiler any record will do.
  const record: z.ZodType = resource.record;
  const path = `/api/v2/admin/${name}/`;
  const one = `/api/v2/admin/${name}/:id/`;
  registerListRoute(app, name, {
    schema: resource.list,
    says: says.list,
    load: (query) => service.list(query),
  });
  app.get(
    one,
    {
      schema: {
        ...base(says.one),
        params: AdminIdParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: record, ...errors },
      },
    },
    async (request) => service.get(request.params.id),
  );
  app.post(
    path,
    {
      schema: {
        ...base(says.create),
        querystring: LocaleQuerySchema,
        body: resource.input,
        response: { 201: record, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(currentUser(request), request.body as z.infer<I>)),
  );
  app.put(
    one,
    {
      schema: {
        ...base(says.update),
        params: AdminIdParamsSchema,
        querystring: LocaleQuerySchema,
        body: resource.update,
        response: { 200: record, ...errors },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body as z.infer<U>),
  );
  const remove = service.remove;
  if (!remove || !says.remove) return;
  app.delete(
    one,
    {
      schema: {
        ...base(says.remove),
        params: AdminIdParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: record, ...errors },
      },
    },
    async (request) => remove(currentUser(request), request.params.id),
  );
}
