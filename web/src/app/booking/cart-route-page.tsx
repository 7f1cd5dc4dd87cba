import { useQuery } from "@tanstack/react-query";
import { openAuthDialog } from "../../features/auth/auth-dialog-store.ts";
import { useSession } from "../../features/auth/session.ts";
import { CartPage } from "../../features/cart/components/cart-page.tsx";
import { visitorsQueryOptions } from "../../features/visitors/api/visitors-api.ts";

/** /cart: the cart with the visitors feature's children and the sign-in dialog for a guest's checkout. */
export function CartRoutePage() {
  const session = useSession();
  const userKey = session ? String(session.user.pk) : null;
  const visitors = useQuery(visitorsQueryOptions(userKey));
  return <CartPage userKey={userKey} visitors={visitors.data ?? []} onSignIn={() => openAuthDialog()} />;
}
