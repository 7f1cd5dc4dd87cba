import { createFileRoute } from "@tanstack/react-router";
import { catalogueRouteOptions } from "../features/catalogue/catalogue-search.ts";
import { CataloguePage } from "../features/catalogue/components/catalogue-page.tsx";
import { ContentBody } from "../features/content/components/content-body.tsx";

const TYPES = ["SchoolOffer"] as const;

export const Route = createFileRoute("/school_offer")({
  ...catalogueRouteOptions(TYPES),
  component: SchoolOfferPage,
});

function SchoolOfferPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CataloguePage
      pageKey="schoolOffer"
      types={TYPES}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    >
      <ContentBody pageKey="school-offers" />
    </CataloguePage>
  );
}
