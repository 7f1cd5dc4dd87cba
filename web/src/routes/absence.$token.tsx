import { createFileRoute } from "@tanstack/react-router";
import { AbsencePage } from "../features/lessons/components/absence-page.tsx";

export const Route = createFileRoute("/absence/$token")({
  component: AbsenceRoute,
});

/** The reminder mail's absence link (issue 35, D371): no sign-in needed. */
function AbsenceRoute() {
  const { token } = Route.useParams();
  return <AbsencePage token={token} />;
}
