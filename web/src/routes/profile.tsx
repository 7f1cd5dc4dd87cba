import { createFileRoute, Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { PhoneInput } from "../components/phone-input/phone-input.tsx";
import { AccountSettings } from "../features/account/components/account-settings.tsx";
import { openAuthDialog } from "../features/auth/auth-dialog-store.ts";
import { SubscriptionActions } from "../features/contracts/components/subscription-actions.tsx";
import { LessonsPanel } from "../features/lessons/components/lessons-panel.tsx";
import { CancelContractsLink } from "../features/profile/components/cancel-contracts-link.tsx";
import { type CatalogueLink, HistoryPanel } from "../features/profile/components/history-panel.tsx";
import { ProfileGuest } from "../features/profile/components/profile-guest.tsx";
import { ProfilePage } from "../features/profile/components/profile-page.tsx";
import { parseProfileSearch } from "../features/profile/profile-tabs.ts";
import { MyVisitRequests } from "../features/visit-requests/components/my-visit-requests.tsx";
import { MyPartyRequests } from "../features/visit-requests/components/party-requests.tsx";
import { VisitorsPanel } from "../features/visitors/components/visitors-panel.tsx";
import { WaitingListEntries } from "../features/waiting-list/components/waiting-list-entries.tsx";
import { saveUser, useSession } from "../lib/session.ts";

export const Route = createFileRoute("/profile")({
  validateSearch: parseProfileSearch,
  component: ProfileRoute,
});

const CatalogueRouterLink: CatalogueLink = ({ to, className, children }) => (
  <Link to={to} className={className}>
    {children}
  </Link>
);

function ProfileRoute() {
  const { tab, payment } = Route.useSearch();
  const navigate = Route.useNavigate();
  const session = useSession();
  const signedIn = session !== null;

  // A guest on /profile gets the sign-in dialog (and a prompt on the page behind it).
  useEffect(() => {
    if (!signedIn) openAuthDialog();
  }, [signedIn]);

  if (!session) return <ProfileGuest onSignIn={() => openAuthDialog()} />;
  return (
    <ProfilePage
      tab={tab}
      payment={payment}
      // Another tab drops the return's outcome: it said how the payment ended once.
      onTabChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, tab: next, payment: undefined }) })
      }
      panels={{
        // The waiting lists stand on the tab the profile opens with, above the children they name (D296).
        visitors: (
          <>
            <WaitingListEntries userKey={String(session.user.pk)} />
            <VisitorsPanel userKey={String(session.user.pk)} />
          </>
        ),
        workshops: (
          <>
            <LessonsPanel userKey={String(session.user.pk)} />
            <HistoryPanel
              userKey={String(session.user.pk)}
              filter="workshops"
              CatalogueLink={CatalogueRouterLink}
              ItemActions={SubscriptionActions}
            />
          </>
        ),
        sales: (
          <>
            <MyVisitRequests userKey={String(session.user.pk)} />
            <MyPartyRequests userKey={String(session.user.pk)} />
            <HistoryPanel
              userKey={String(session.user.pk)}
              filter="all"
              CatalogueLink={CatalogueRouterLink}
              ItemActions={SubscriptionActions}
            />
          </>
        ),
      }}
      account={
        <>
          <AccountSettings userKey={String(session.user.pk)} PhoneField={PhoneInput} onUserSaved={saveUser} />
          <CancelContractsLink />
        </>
      }
    />
  );
}
