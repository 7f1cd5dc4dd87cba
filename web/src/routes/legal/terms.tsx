import { createFileRoute } from "@tanstack/react-router";
import { ContentPageView } from "../../features/content/components/content-page.tsx";

export const Route = createFileRoute("/legal/terms")({
  component: TermsPage,
});

function TermsPage() {
  return <ContentPageView pageKey="terms" />;
}
