import { createFileRoute } from "@tanstack/react-router";
import { InstructorsPage } from "../features/instructors/components/instructors-page.tsx";

export const Route = createFileRoute("/instructors")({
  component: InstructorsPage,
});
