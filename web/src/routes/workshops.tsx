import { createFileRoute } from "@tanstack/react-router";
import { catalogueRouteOptions } from "../features/catalogue/catalogue-search.ts";
import { CataloguePage } from "../features/catalogue/components/catalogue-page.tsx";

const TYPES = ["Workshop"] as const;

export const Route = createFileRoute("/workshops")({
  ...catalogueRouteOptions(TYPES),
  component: WorkshopsPage,
});

function WorkshopsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CataloguePage
      pageKey="workshops"
      types={TYPES}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
