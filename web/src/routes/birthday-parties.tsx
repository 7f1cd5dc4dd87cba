import { createFileRoute } from "@tanstack/react-router";
import { catalogueRouteOptions } from "../features/catalogue/catalogue-search.ts";
import { CataloguePage } from "../features/catalogue/components/catalogue-page.tsx";

const TYPES = ["BirthdayParty"] as const;

export const Route = createFileRoute("/birthday-parties")({
  ...catalogueRouteOptions(TYPES),
  component: BirthdayPartiesPage,
});

function BirthdayPartiesPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CataloguePage
      pageKey="birthdayParties"
      types={TYPES}
      search={search}
      filters={["age_group"]}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
