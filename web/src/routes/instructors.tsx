import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/instructors")({
  component: InstructorsPage,
});

function InstructorsPage() {
  return <PlaceholderPage pageKey="instructors" />;
}
