import { useNavigate } from "@tanstack/react-router";
import { openAuthDialog } from "../../features/auth/auth-dialog-store.ts";
import type { PaymentReturnSearch } from "../../features/checkout/cart-search.ts";
import { PaymentCompletePage } from "../../features/checkout/components/payment-complete-page.tsx";
import { PaymentReturnPage } from "../../features/checkout/components/payment-return-page.tsx";
import { useSession } from "../../lib/session.ts";

/** /payment-complete/{id}: the order of the signed-in parent (a guest is asked to sign in). */
export function PaymentCompleteRoutePage({ id, processing }: { id: string; processing: boolean }) {
  const session = useSession();
  return (
    <PaymentCompletePage
      userKey={session ? String(session.user.pk) : null}
      id={id}
      processing={processing}
      onSignIn={() => openAuthDialog()}
    />
  );
}

/** /payment-complete/return: captures the approved payment, then replaces itself with the order's page. */
export function PaymentReturnRoutePage({ search }: { search: PaymentReturnSearch }) {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <PaymentReturnPage
      token={search.token}
      payerId={search.PayerID}
      gateway={search.gateway}
      signedIn={session !== null}
      onSignIn={() => openAuthDialog()}
      onPaid={(orderId) =>
        void navigate({
          to: "/payment-complete/$id",
          params: { id: String(orderId) },
          search: (prev) => ({ locale: prev.locale }),
          replace: true,
        })
      }
      onProcessing={(orderId) =>
        void navigate({
          to: "/payment-complete/$id",
          params: { id: String(orderId) },
          search: (prev) => ({ locale: prev.locale, payment: "processing" }),
          replace: true,
        })
      }
      onBackInCart={(notice) =>
        void navigate({
          to: "/cart",
          search: (prev) => ({ locale: prev.locale, payment: notice }),
          replace: true,
        })
      }
    />
  );
}
