import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/academies")({
  component: AcademiesPage,
});

function AcademiesPage() {
  return <PlaceholderPage pageKey="academies" />;
}
