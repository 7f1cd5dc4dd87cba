import type { ProductDetail } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { openAuthDialog } from "../../features/auth/auth-dialog-store.ts";
import { PartyRequestForm } from "../../features/visit-requests/components/party-requests.tsx";
import { VisitRequestButtons } from "../../features/visit-requests/components/visit-request-buttons.tsx";
import { visitorsQueryOptions } from "../../features/visitors/api/visitors-api.ts";
import { useSession } from "../../lib/session.ts";

/**
 * The product page's visit requests (D84) with what the app knows of the family: their saved children
 * (signed in: the server's, a guest: local storage) and, signed in, the parent as the first adult.
 */
export function VisitRequestActions({ product }: { product: ProductDetail }) {
  const session = useSession();
  const userKey = session ? String(session.user.pk) : null;
  const visitors = useQuery(visitorsQueryOptions(userKey));
  const user = session?.user;
  // A birthday party is asked for with preferred days, not bought (D158).
  if (product.product_type === "BirthdayParty")
    return <PartyRequestForm product={product} userKey={userKey} onSignIn={() => openAuthDialog()} />;
  return (
    <VisitRequestButtons
      product={product}
      savedChildren={visitors.data ?? []}
      adult={
        user
          ? {
              first_name: user.first_name,
              last_name: user.last_name,
              email: user.email,
              phone: user.phone_number,
            }
          : undefined
      }
    />
  );
}
