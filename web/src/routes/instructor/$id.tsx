import { createFileRoute } from "@tanstack/react-router";
import { InstructorPage } from "../../features/instructors/components/instructor-page.tsx";

export const Route = createFileRoute("/instructor/$id")({
  component: InstructorRoute,
});

function InstructorRoute() {
  const { id } = Route.useParams();
  return <InstructorPage id={id} />;
}
