import { createFileRoute } from "@tanstack/react-router";
import { AgeFilterRoutePage } from "../app/booking/age-filter-route-page.tsx";
import { parseAge } from "../features/catalogue/catalogue-search.ts";
import { parseChildSearch } from "../lib/child-search.ts";

export const Route = createFileRoute("/useAgeFilter")({
  validateSearch: (search: Record<string, unknown>): { age?: number; child?: number } => {
    const age = parseAge(search.age);
    return { ...(age === undefined ? {} : { age }), ...parseChildSearch(search) };
  },
  component: AgeFilterRoute,
});

function AgeFilterRoute() {
  const { age, child } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AgeFilterRoutePage age={age} childId={child} onSearch={(search) => void navigate({ search })} />;
}
