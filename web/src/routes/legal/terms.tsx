import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/legal/terms")({
  component: TermsPage,
});

function TermsPage() {
  return <PlaceholderPage pageKey="terms" />;
}
