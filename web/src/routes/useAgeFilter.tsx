import { createFileRoute } from "@tanstack/react-router";
import { parseAge } from "../features/catalogue/catalogue-search.ts";
import { AgeFilterPage } from "../features/catalogue/components/age-filter-page.tsx";

export const Route = createFileRoute("/useAgeFilter")({
  validateSearch: (search: Record<string, unknown>): { age?: number } => {
    const age = parseAge(search.age);
    return age === undefined ? {} : { age };
  },
  component: AgeFilterRoute,
});

function AgeFilterRoute() {
  const { age } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AgeFilterPage age={age} onAgeChange={(next) => void navigate({ search: { age: next } })} />;
}
