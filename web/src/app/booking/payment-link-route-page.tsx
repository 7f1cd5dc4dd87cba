import { openAuthDialog } from "../../features/auth/auth-dialog-store.ts";
import { PaymentLinkPage } from "../../features/checkout/components/payment-link-page.tsx";
import { useSession } from "../../lib/session.ts";

/** /pay/{token}: a payment link staff mailed (D157); signing in keeps the parent on the page. */
export function PaymentLinkRoutePage({ token }: { token: string }) {
  const session = useSession();
  return (
    <PaymentLinkPage
      userKey={session ? String(session.user.pk) : null}
      token={token}
      onSignIn={() => openAuthDialog()}
    />
  );
}
