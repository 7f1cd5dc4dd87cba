import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/events")({
  component: EventsPage,
});

function EventsPage() {
  return <PlaceholderPage pageKey="events" />;
}
