import { QueryClient } from "@tanstack/react-query";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Catalogue and profile data change rarely within a visit.
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        // Spec §7: idempotent requests are not retried; the API client already retries what may be.
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
