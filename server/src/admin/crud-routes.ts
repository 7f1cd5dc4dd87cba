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
  list(query: AdminListQuery): Promise<{ cut: { offset: number }; page: { rows: T[]; total: number } }>;
  get(id: number): Promise<T>;
  create(staff: AuthUser, input: I): Promise<T>;
  update(staff: AuthUser, id: number, input: U): Promise<T>;
  remove(staff: AuthUser, id: number): Promise<T>;
};

export type Resource<R extends z.ZodType, I extends z.ZodType, U extends z.ZodType> = {
  name: string;
  record: R;
  list: z.ZodType;
  input: I;
  update: U;
  service: Service<z.infer<R>, z.infer<I>, z.infer<U>>;
  says: { list: string; one: string; create: string; update: string; remove: string };
};

/**
 * A staff resource's five routes in the back office's one list convention (D97): list, one, create, save at
 * `version` and delete. Called inside `adminRoutes`, so its `requireStaff` hook guards every route.
 */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export function registerCrudRoutes<R extends z.ZodType, I extends z.ZodType, U extends z.ZodType>(
  app: ZodApp,
  resource: Resource<R, I, U>,
) {
  const { name, service, says } = resource;
  // The reply is checked against the record's schema at run time; for the compiler any record will do.
  const record: z.ZodType = resource.record;
  const path = `/api/v2/admin/${name}/`;
  const one = `/api/v2/admin/${name}/:id/`;
  app.get(
    path,
    {
      schema: {
        ...base(says.list),
        querystring: AdminListQuerySchema,
        response: { 200: resource.list, ...errors },
      },
    },
    async (request, reply) => {
      const { cut, page } = await service.list(request.query);
      return sendList(reply, name, cut.offset, page);
    },
  );
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
    async (request) => service.remove(currentUser(request), request.params.id),
  );
}
