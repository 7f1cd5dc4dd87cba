import { createFileRoute } from "@tanstack/react-router";
import { catalogueRouteOptions } from "../features/catalogue/catalogue-search.ts";
import { CataloguePage } from "../features/catalogue/components/catalogue-page.tsx";

const TYPES = ["GiftCard"] as const;

export const Route = createFileRoute("/giftcards")({
  ...catalogueRouteOptions(TYPES),
  component: GiftcardsPage,
});

function GiftcardsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CataloguePage
      pageKey="giftcards"
      types={TYPES}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      showFilters={false}
    />
  );
}
