import { createFileRoute, redirect } from "@tanstack/react-router";
import { catalogueRouteOptions } from "../features/catalogue/catalogue-search.ts";
import { CataloguePage } from "../features/catalogue/components/catalogue-page.tsx";
import { ContentBody } from "../features/content/components/content-body.tsx";

const TYPES = ["SpecialOffer", "BirthdayParty"] as const;

export const Route = createFileRoute("/special_offer")({
  ...catalogueRouteOptions(TYPES),
  // The old footer link to the parties among the special offers leads to their own page (decision D31).
  beforeLoad: ({ search }) => {
    if (search.product_type === "BirthdayParty") {
      throw redirect({ to: "/birthday-parties", search: { age_group: search.age_group }, replace: true });
    }
  },
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
