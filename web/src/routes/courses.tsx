import { createFileRoute } from "@tanstack/react-router";
import { catalogueDeps, parseCatalogueSearch } from "../features/catalogue/catalogue-search.ts";
import { CataloguePage } from "../features/catalogue/components/catalogue-page.tsx";

const TYPES = ["Course"] as const;

export const Route = createFileRoute("/courses")({
  validateSearch: (search: Record<string, unknown>) => parseCatalogueSearch(search, TYPES),
  loaderDeps: ({ search }) => catalogueDeps(search),
  // Loaded on demand so the query code stays out of the first bundle; it only warms the cache.
  loader: async ({ context, deps }) =>
    (await import("../features/catalogue/route-helpers.ts")).prefetchCatalogue(
      context.queryClient,
      TYPES,
      deps,
    ),
  component: CoursesPage,
});

function CoursesPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CataloguePage
      pageKey="courses"
      types={TYPES}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
