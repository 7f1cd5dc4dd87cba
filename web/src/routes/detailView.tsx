import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/detailView")({
  component: DetailViewPage,
});

function DetailViewPage() {
  return <PlaceholderPage pageKey="detailView" />;
}
