import { createFileRoute } from "@tanstack/react-router";
import { ContentPageView } from "../../features/content/components/content-page.tsx";

export const Route = createFileRoute("/legal/privacy")({
  component: PrivacyPage,
});

function PrivacyPage() {
  return <ContentPageView pageKey="privacy" />;
}
