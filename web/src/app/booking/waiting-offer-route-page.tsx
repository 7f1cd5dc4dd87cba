import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { openAuthDialog } from "../../features/auth/auth-dialog-store.ts";
import { CURRENT_ORDER_KEY } from "../../features/cart/api/current-order.ts";
import { OfferPage } from "../../features/waiting-list/components/offer-page.tsx";
import { useSession } from "../../lib/session.ts";

/** /waiting-list/offer/{token}: an accepted offer is in the cart; the parent goes on to checkout. */
export function WaitingOfferRoutePage({ token }: { token: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <OfferPage
      userKey={session ? String(session.user.pk) : null}
      token={token}
      onSignIn={() => openAuthDialog()}
      onAccepted={() => {
        void queryClient.invalidateQueries({ queryKey: CURRENT_ORDER_KEY });
        void navigate({ to: "/cart", search: (prev) => ({ locale: prev.locale, step: "checkout" }) });
      }}
    />
  );
}
