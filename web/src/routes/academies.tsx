import { createFileRoute } from "@tanstack/react-router";
import { catalogueRouteOptions } from "../features/catalogue/catalogue-search.ts";
import { CataloguePage } from "../features/catalogue/components/catalogue-page.tsx";

const TYPES = ["Academy"] as const;

export const Route = createFileRoute("/academies")({
  ...catalogueRouteOptions(TYPES),
  component: AcademiesPage,
});

function AcademiesPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CataloguePage
      pageKey="academies"
      types={TYPES}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
