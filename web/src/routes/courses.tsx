import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/courses")({
  component: CoursesPage,
});

function CoursesPage() {
  return <PlaceholderPage pageKey="courses" />;
}
