import { createFileRoute } from "@tanstack/react-router";
import { AgeFilterRoutePage } from "../app/booking/age-filter-route-page.tsx";
import { parseAgeFilterSearch } from "../features/catalogue/catalogue-search.ts";

export const Route = createFileRoute("/useAgeFilter")({
  validateSearch: parseAgeFilterSearch,
  component: AgeFilterRoute,
});

function AgeFilterRoute() {
  const { age, child } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AgeFilterRoutePage age={age} childId={child} onSearch={(search) => void navigate({ search })} />;
}
