import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/instructor/$id")({
  component: InstructorPage,
});

function InstructorPage() {
  return <PlaceholderPage pageKey="instructor" />;
}
