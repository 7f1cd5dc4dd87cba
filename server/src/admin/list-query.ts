import { ADMIN_PAGE_MAX, type AdminListQuery, CONTROL_CHARACTER, isIsoDate } from "@atelier/contract";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import { AppError } from "../errors/index.ts";

/** The default page of a list without `range`: react-admin always sends one, other clients get 25. */
const DEFAULT_LENGTH = 25;

export type ListCut = { sort: AnyPgColumn | SQL; descending: boolean; offset: number; limit: number };

/**
 * The list convention of every admin list (D97): `sort`, `range` and `filter` as react-admin's simple REST
 * provider sends them. A sort field the list does not offer is a 400 on `sort`, never a silent default.
 */
export function listCut<S extends Record<string, AnyPgColumn | SQL>>(
  query: AdminListQuery,
  sorts: S,
  defaultSort: keyof S & string,
): ListCut {
  const [field, direction] = query.sort ?? [defaultSort, "ASC"];
  if (!Object.hasOwn(sorts, field)) throw AppError.validation("sort", "invalid_choice");
  return { sort: sorts[field] as AnyPgColumn | SQL, descending: direction === "DESC", ...rangeOf(query) };
}

/** The rows a list asks for: `range=[from,to]`, both inclusive. */
export function rangeOf(query: AdminListQuery): { offset: number; limit: number } {
  const [from, to] = query.range ?? [0, DEFAULT_LENGTH - 1];
  return { offset: from, limit: Math.min(to - from + 1, ADMIN_PAGE_MAX) };
}

/**
 * `Content-Range: <resource> <first>-<last>/<total>`, which react-admin reads for the list's total. A total
 * of null (a search past SEARCH_COUNT_LIMIT, D407) is `*`, the unknown length of RFC 9110: the admin's
 * pagination then says "1-25 of more than 25" and offers the next page while pages are full.
 */
export function sendList<T>(
  reply: FastifyReply,
  resource: string,
  offset: number,
  page: { rows: T[]; total: number | null },
): T[] {
  const last = page.rows.length ? offset + page.rows.length - 1 : offset;
  reply.header("content-range", `${resource} ${offset}-${last}/${page.total ?? "*"}`);
  return page.rows;
}

/** Reads filter values of a list: wrong types are a 400 on `filter`, not ignored. */
export const filterValue = {
  string(filter: Record<string, unknown>, key: string): string | undefined {
    const value = filter[key];
    if (value === undefined || value === null || value === "") return undefined;
    // A search is one line: a control character (NUL, which PostgreSQL refuses as a 500) is a 400 (D206).
    if (typeof value !== "string" || value.length > 200 || CONTROL_CHARACTER.test(value))
      throw AppError.validation("filter", "invalid");
    return value.trim();
  },
  /** A calendar day `YYYY-MM-DD` that exists; anything else is a 400 at `filter`. */
  date(filter: Record<string, unknown>, key: string): string | undefined {
    const value = filterValue.string(filter, key);
    if (value === undefined) return undefined;
    // The contract's rule: a real day within the days a school's date can name (D510), or PostgreSQL
    // refuses it as a 500.
    if (!isIsoDate(value)) throw AppError.validation("filter", "invalid");
    return value;
  },
  id(filter: Record<string, unknown>, key: string): number | undefined {
    const value = filter[key];
    if (value === undefined || value === null || value === "") return undefined;
    const id = typeof value === "string" ? Number(value) : value;
    if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > 2_147_483_647)
      throw AppError.validation("filter", "invalid");
    return id;
  },
  boolean(filter: Record<string, unknown>, key: string): boolean | undefined {
    const value = filter[key];
    if (value === undefined || value === null || value === "") return undefined;
    if (typeof value !== "boolean") throw AppError.validation("filter", "invalid");
    return value;
  },
  /** `id: [1, 2]` is how react-admin's getMany asks for several records. */
  ids(filter: Record<string, unknown>, key: string): number[] | undefined {
    const value = filter[key];
    if (value === undefined) return undefined;
    const list = Array.isArray(value) ? value : [value];
    if (list.length > 100) throw AppError.validation("filter", "invalid");
    return list.map((item) => filterValue.id({ item }, "item") ?? 0).filter((id) => id > 0);
  },
  strings(filter: Record<string, unknown>, key: string, allowed: readonly string[]): string[] | undefined {
    const value = filter[key];
    if (value === undefined || value === null || value === "") return undefined;
    const list = Array.isArray(value) ? value : [value];
    if (!list.every((item) => typeof item === "string" && allowed.includes(item)))
      throw AppError.validation("filter", "invalid_choice");
    return list as string[];
  },
};
