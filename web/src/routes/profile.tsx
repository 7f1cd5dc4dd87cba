import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "../features/profile/components/profile-page.tsx";
import { parseProfileSearch } from "../features/profile/profile-tabs.ts";

export const Route = createFileRoute("/profile")({
  validateSearch: parseProfileSearch,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ProfilePage
      tab={tab}
      onTabChange={(next) => void navigate({ search: (prev) => ({ ...prev, tab: next }) })}
    />
  );
}
