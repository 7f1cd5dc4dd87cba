import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/legal/")({
  component: LegalPage,
});

function LegalPage() {
  return <PlaceholderPage pageKey="legal" />;
}
