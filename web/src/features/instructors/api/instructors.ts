import type { Instructor, InstructorDetail, Locale } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const instructorsOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ["instructors", locale, "list"],
    queryFn: ({ signal }) => api.get<Instructor[]>("/api/v2/instructors/", { locale }, signal),
    staleTime: 10 * 60_000,
  });

export const instructorOptions = (locale: Locale, id: string) =>
  queryOptions({
    queryKey: ["instructors", locale, "detail", id],
    queryFn: ({ signal }) =>
      api.get<InstructorDetail>(`/api/v2/instructors/${encodeURIComponent(id)}/`, { locale }, signal),
  });
