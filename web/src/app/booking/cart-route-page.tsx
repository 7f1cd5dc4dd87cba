import type { Order } from "@atelier/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { meQueryOptions } from "../../features/account/api/account-api.ts";
import { openAuthDialog } from "../../features/auth/auth-dialog-store.ts";
import { CheckoutSignIn } from "../../features/auth/components/checkout-sign-in.tsx";
import { currentOrderOptions } from "../../features/cart/api/current-order.ts";
import { CartPage } from "../../features/cart/components/cart-page.tsx";
import type { CartSearch, PaymentNotice as Notice } from "../../features/checkout/cart-search.ts";
import { CheckoutPage } from "../../features/checkout/components/checkout-page.tsx";
import {
  OpenPaymentNotice,
  useOpenPayment,
} from "../../features/checkout/components/open-payment-notice.tsx";
import { PaymentNotice } from "../../features/checkout/components/payment-notice.tsx";
import { visitorsQueryOptions } from "../../features/visitors/api/visitors-api.ts";
import { useSession } from "../../lib/session.ts";
import { PhoneField } from "../layout/phone-field.tsx";

/**
 * /cart: the cart with the visitors feature's children; a guest's checkout step is sign-up or sign-in beside
 * the cart (D168);
 * `?step=checkout` is the checkout step of a signed-in parent (billing data from the account feature's
 * profile), `?payment=` the message after a payment that did not happen.
 */
export function CartRoutePage({ search }: { search: CartSearch }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userKey = session ? String(session.user.pk) : null;
  const visitors = useQuery(visitorsQueryOptions(userKey));
  const cartQuery = currentOrderOptions(userKey);
  // A sign-up or sign-in in the checkout is running: the guest's view stays until the children and the
  // cart have moved over, then the checkout's next step shows (D168).
  const [authBusy, setAuthBusy] = useState(false);
  const toCheckout = () =>
    void navigate({ to: "/cart", search: (prev) => ({ locale: prev.locale, step: "checkout" }) });

  /** Back in the cart after PayPal's window was closed, a decline or an expired order. */
  const backInCart = (notice: Notice, cart?: Order) => {
    if (cart) queryClient.setQueryData(cartQuery.queryKey, cart);
    void queryClient.invalidateQueries({ queryKey: cartQuery.queryKey });
    void navigate({ to: "/cart", search: (prev) => ({ locale: prev.locale, payment: notice }) });
  };

  // An order left for the gateway's page and not paid: offered above the empty cart, also where the
  // browser's Back leads to the checkout step, which would only say that the cart is empty (D589).
  const { open, forget: forgetOpen } = useOpenPayment(userKey, () => {
    void queryClient.invalidateQueries({ queryKey: cartQuery.queryKey });
  });
  const cartItems = useQuery({ ...cartQuery, enabled: open !== null }).data?.items.length;
  const openNotice =
    // Back through `cancel_url` (`?payment=`), the payment notice calls the order off itself.
    open && cartItems === 0 && !search.payment ? (
      <OpenPaymentNotice
        open={open}
        forget={forgetOpen}
        onRedirect={(url) => window.location.assign(url)}
        onBackInCart={backInCart}
      />
    ) : null;

  if (search.step === "checkout" && session && userKey && !authBusy && !openNotice) {
    return (
      <CheckoutPage
        cartQuery={cartQuery}
        profileQuery={meQueryOptions(userKey)}
        onBackToCart={() => void navigate({ to: "/cart", search: (prev) => ({ locale: prev.locale }) })}
        onPaid={(orderId) =>
          void navigate({
            to: "/payment-complete/$id",
            params: { id: String(orderId) },
            search: (prev) => ({ locale: prev.locale }),
          })
        }
        onBackInCart={backInCart}
        onSignIn={() => openAuthDialog()}
        onRedirect={(url) => window.location.assign(url)}
      />
    );
  }

  return (
    <CartPage
      userKey={userKey}
      visitors={visitors.data ?? []}
      // A guest's "Zur Kasse" leads to the checkout step too, where the parent signs up or in (D168).
      onSignIn={toCheckout}
      onCheckout={toCheckout}
      checkoutSlot={
        search.step === "checkout" && (!session || authBusy) ? (
          <InView>
            <CheckoutSignIn PhoneField={PhoneField} onBusy={setAuthBusy} />
          </InView>
        ) : undefined
      }
      notice={
        openNotice ??
        (search.payment ? (
          <PaymentNotice
            notice={search.payment}
            token={search.token}
            onSignIn={() => openAuthDialog()}
            onCancelled={(cart) => {
              // The order called off through the gateway's cancel is not offered again (D589).
              forgetOpen();
              if (cart) queryClient.setQueryData(cartQuery.queryKey, cart);
              void queryClient.invalidateQueries({ queryKey: cartQuery.queryKey });
              // Posted once: a reload of the page must not cancel again.
              void navigate({
                to: "/cart",
                search: (prev) => ({ locale: prev.locale, payment: "cancelled" }),
                replace: true,
              });
            }}
          />
        ) : null)
      }
    />
  );
}

/**
 * A guest's "Zur Kasse" opens the account form below the cart, on a phone far below the button (issue 32
 * item 10): it is scrolled into view and takes the focus, so the next tap is in the form.
 */
function InView({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.scrollIntoView?.({ block: "start" });
    // The step inside may already have put the focus on its own heading (its effect runs first): keep it there.
    if (!box.contains(document.activeElement)) box.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="scroll-mt-20 outline-none" data-testid="checkout-account">
      {children}
    </div>
  );
}
