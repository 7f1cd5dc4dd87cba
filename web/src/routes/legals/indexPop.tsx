import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/legals/indexPop")({
  component: LegalsIndexPopPage,
});

function LegalsIndexPopPage() {
  return <PlaceholderPage pageKey="legalsIndexPop" />;
}
