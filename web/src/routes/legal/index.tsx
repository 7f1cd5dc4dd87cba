import { createFileRoute } from "@tanstack/react-router";
import { ContentPageView } from "../../features/content/components/content-page.tsx";

export const Route = createFileRoute("/legal/")({
  component: LegalPage,
});

function LegalPage() {
  return <ContentPageView pageKey="legal" />;
}
