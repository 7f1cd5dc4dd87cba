import { createFileRoute, Link } from "@tanstack/react-router";
import { openAuthDialog } from "../features/auth/auth-dialog-store.ts";
import { type LessonLink, TeachingPage } from "../features/teaching/components/teaching-page.tsx";
import { parseTeachingSearch } from "../features/teaching/teaching-search.ts";

export const Route = createFileRoute("/teaching")({
  validateSearch: parseTeachingSearch,
  component: TeachingRoute,
});

const RosterLink: LessonLink = ({ slot, date, className, children }) => (
  <Link to="/teaching" search={{ slot, date }} className={className}>
    {children}
  </Link>
);

const BackLink = ({ className, children }: { className: string; children: React.ReactNode }) => (
  <Link to="/teaching" search={{}} className={className}>
    {children}
  </Link>
);

/** The instructor's phone (issue 35, D384): their lessons, rosters, marks and reports. */
function TeachingRoute() {
  return (
    <TeachingPage
      search={Route.useSearch()}
      onSignIn={() => openAuthDialog()}
      LessonLink={RosterLink}
      BackLink={BackLink}
    />
  );
}
