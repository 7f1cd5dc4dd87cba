import { createFileRoute } from "@tanstack/react-router";
import { WaitingOfferRoutePage } from "../../../app/booking/waiting-offer-route-page.tsx";

/** The link of a waiting-list offer mail (D79). */
export const Route = createFileRoute("/waiting-list/offer/$id")({
  component: WaitingOfferRoute,
});

function WaitingOfferRoute() {
  const { id } = Route.useParams();
  return <WaitingOfferRoutePage token={id} />;
}
