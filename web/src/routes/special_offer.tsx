import { createFileRoute } from "@tanstack/react-router";
import { catalogueRouteOptions } from "../features/catalogue/catalogue-search.ts";
import { CataloguePage } from "../features/catalogue/components/catalogue-page.tsx";
import { ContentBody } from "../features/content/components/content-body.tsx";

const TYPES = ["SpecialOffer", "BirthdayParty"] as const;

export const Route = createFileRoute("/special_offer")({
  ...catalogueRouteOptions(TYPES),
  component: SpecialOfferPage,
});

function SpecialOfferPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CataloguePage
      pageKey="specialOffer"
      types={TYPES}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    >
      <ContentBody pageKey="special-offers" />
    </CataloguePage>
  );
}
