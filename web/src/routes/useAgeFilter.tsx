import { createFileRoute } from "@tanstack/react-router";
import { AgeFilterRoutePage } from "../app/booking/age-filter-route-page.tsx";
import { parseAge } from "../features/catalogue/catalogue-search.ts";

export const Route = createFileRoute("/useAgeFilter")({
  validateSearch: (search: Record<string, unknown>): { age?: number; child?: number } => {
    const age = parseAge(search.age);
    const child = Number(search.child);
    return {
      ...(age === undefined ? {} : { age }),
      ...(Number.isSafeInteger(child) && child > 0 ? { child } : {}),
    };
  },
  component: AgeFilterRoute,
});

function AgeFilterRoute() {
  const { age, child } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AgeFilterRoutePage age={age} childId={child} onSearch={(search) => void navigate({ search })} />;
}
