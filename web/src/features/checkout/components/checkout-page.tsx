import "../i18n.ts";
import type { Order, PaymentConfig, User } from "@atelier/contract";
import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { useAccountNotice } from "../../../lib/account-notice.ts";
import { hasExternalMediaConsent } from "../../../lib/external-media-consent.ts";
import { berlinTime } from "../../../lib/format.ts";
import { paymentConfigOptions, paypalLocale } from "../../../lib/payments.ts";
import { browserStorage } from "../../../lib/storage.ts";
import type { PaymentNotice } from "../cart-search.ts";
import { withdrawalInfo } from "../withdrawal.ts";
import { BillingFieldset, TermsSection, useCheckoutForm } from "./checkout-billing.tsx";
import type { CheckoutPhase } from "./checkout-phase.ts";
import { CheckoutProblemMessage, CheckoutStatus, OrderLines } from "./checkout-summary.tsx";
import type { PayPalHandlers } from "./paypal-area.tsx";
import { useCheckoutPayment } from "./use-checkout-payment.ts";

// PayPal's React wrapper and SDK loader stay out of every bundle but the checkout step's (and load there only
// when the buttons are wanted).
const PayPalArea = lazy(() => import("./paypal-area.tsx"));

/** Stripe Checkout, or the shop's other gateway (PayPal, or the demo gateway without a PayPal account). */
type PaymentMethod = "stripe" | "default";

type Phase = CheckoutPhase;

export type CheckoutPageProps<TCartKey extends QueryKey, TProfileKey extends QueryKey> = {
  /** The signed-in parent's cart (handed in by the route: features do not import each other). */
  cartQuery: UseQueryOptions<Order, Error, Order, TCartKey>;
  /** GET /api/v2/users/me/: the billing data's defaults. */
  profileQuery: UseQueryOptions<User, Error, User, TProfileKey>;
  onBackToCart: () => void;
  /** The order is paid (or needed no payment): on to its completion page. */
  onPaid: (orderId: number) => void;
  /** The payment did not happen and the items are back in the cart (`cart`, when the server sent it). */
  onBackInCart: (notice: PaymentNotice, cart?: Order) => void;
  onSignIn: () => void;
  /** Leaves the shop for the gateway's page (`window.location.assign`). */
  onRedirect: (url: string) => void;
};

/**
 * /cart?step=checkout for a signed-in parent: the order at a glance, the billing data (from the profile,
 * editable), the terms and the withdrawal information for the cart's product types, what is due now and
 * monthly, and the button "Zahlungspflichtig bestellen" (§ 312j(3) BGB), which places the order (fulfil:
 * terms accepted, seats reserved). Then PayPal's buttons pay it, or the browser goes to the demo gateway.
 */
export function CheckoutPage<TCartKey extends QueryKey, TProfileKey extends QueryKey>(
  props: CheckoutPageProps<TCartKey, TProfileKey>,
) {
  const { t } = useTranslation("checkout");
  const cart = useQuery(props.cartQuery);
  const profile = useQuery(props.profileQuery);
  const config = useQuery(paymentConfigOptions());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "form" });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // Back from the gateway's page, the browser may show this page from its back-forward cache as it was
  // left, "leaving" with everything disabled (D543): it becomes the form again, with the cart read anew (the
  // order placed answers the same gateway page if ordered again).
  const queryClient = useQueryClient();
  const cartKey = props.cartQuery.queryKey;
  useEffect(() => {
    if (phase.kind !== "leaving") return;
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setPhase({ kind: "form" });
      void queryClient.invalidateQueries({ queryKey: cartKey });
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [phase.kind, queryClient, cartKey]);

  let body: React.ReactNode;
  if (cart.isPending || profile.isPending || config.isPending) {
    body = (
      <p role="status" className="mt-6">
        {t("step.loading")}
      </p>
    );
  } else if (cart.isError || config.isError) {
    body = (
      <p role="alert" className="mt-6">
        {t("step.loadFailed")}
      </p>
    );
  } else {
    body = (
      <CheckoutFlow
        cart={cart.data}
        // A profile that failed to load leaves the fields empty to fill in.
        user={profile.data}
        config={config.data}
        cartKey={props.cartQuery.queryKey}
        phase={phase}
        setPhase={setPhase}
        {...props}
      />
    );
  }

  return (
    <Container className="py-10 sm:py-12">
      {/* Once the order is placed, "cancel order" is the way back: it returns the items to the cart. */}
      {phase.kind === "form" ? (
        <button
          type="button"
          className="text-sm font-semibold text-orange-900 underline underline-offset-2"
          onClick={props.onBackToCart}
        >
          {t("step.backToCart")}
        </button>
      ) : null}
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-3 text-3xl font-extrabold text-slate-900 focus:outline-none sm:text-4xl"
      >
        {t("step.heading")}
      </h1>
      {body}
    </Container>
  );
}

function CheckoutFlow({
  cart,
  user,
  config,
  cartKey,
  phase,
  setPhase,
  onBackToCart,
  onPaid,
  onBackInCart,
  onSignIn,
  onRedirect,
}: {
  cart: Order;
  user: User | undefined;
  config: PaymentConfig;
  cartKey: QueryKey;
  phase: Phase;
  setPhase: (phase: Phase) => void;
  onBackToCart: () => void;
  onPaid: (orderId: number) => void;
  onBackInCart: (notice: PaymentNotice, cart?: Order) => void;
  onSignIn: () => void;
  onRedirect: (url: string) => void;
}) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  const formId = useId();
  // With Stripe on, the parent picks it or the shop's other gateway (PayPal or the demo); PayPal stays
  // preselected, as it was before Stripe came (D104).
  const [method, setMethod] = useState<PaymentMethod>("default");
  const { form, needsAddress, required } = useCheckoutForm(cart, user);

  // While an order is placed, the page shows it as it was ordered: the server's cart is a new, empty one.
  const order = phase.kind === "placed" ? phase.order : cart;
  const info = withdrawalInfo(order.items.map((item) => item.product_page.product_type));
  const placed = phase.kind === "placed" ? phase : null;
  const locked = phase.kind !== "form";
  const stripe = config.stripe && method === "stripe";
  const paypal = config.gateway === "paypal" && !stripe;
  const payment = useCheckoutPayment({
    cart,
    cartKey,
    form,
    paypal,
    stripe,
    placed,
    setPhase,
    onPaid,
    onBackInCart,
    onRedirect,
  });

  if (order.items.length === 0 && phase.kind === "form") return <EmptyCheckout onBackToCart={onBackToCart} />;

  // Spec: PayPal's script loads on this step only, after consent to external media or the order click.
  const loadPayPal = paypal && (payment.orderClicked || hasExternalMediaConsent(browserStorage()));
  const reservedUntil = placed?.reply.reserved_until ? berlinTime(placed.reply.reserved_until, locale) : null;

  return (
    <div className="mt-8 grid gap-10 lg:grid-cols-[3fr_2fr]">
      <form
        id={formId}
        noValidate
        className="space-y-8"
        onSubmit={payment.submit}
        aria-label={t("step.heading")}
      >
        <BillingFieldset form={form} needsAddress={needsAddress} required={required} locked={locked} />
        <TermsSection form={form} formId={formId} info={info} locked={locked} />
      </form>

      <aside
        aria-labelledby={`${formId}-summary`}
        className="h-fit space-y-5 rounded-2xl border-2 border-slate-300 p-5"
      >
        <h2 id={`${formId}-summary`} className="text-xl font-bold text-slate-900">
          {t("step.orderHeading")}
        </h2>
        <OrderLines order={order} />

        {config.stripe && !placed ? (
          <PaymentMethodChoice
            method={method}
            onChange={setMethod}
            other={config.gateway === "paypal" ? t("step.methodPayPal") : t("step.methodDemo")}
            disabled={locked}
          />
        ) : null}
        {placed ? null : (
          <OrderButton
            formId={formId}
            disabled={phase.kind !== "form"}
            hint={stripe ? t("step.stripeHint") : paypal ? t("step.paypalHint") : t("step.demoHint")}
          />
        )}

        <CheckoutStatus phase={phase} reservedUntil={reservedUntil} busy={payment.busy} />
        <CheckoutProblemMessage problem={payment.problem} onSignIn={onSignIn} />

        <PayPalPayment
          config={config}
          placed={placed}
          load={loadPayPal}
          handlers={payment.handlers}
          busy={payment.busy !== null}
          onCancel={(gatewayId) => void payment.cancelOrder(gatewayId)}
        />
      </aside>
    </div>
  );
}

/** "Zahlungspflichtig bestellen": submits the checkout form from the summary column, with how payment goes on. */
function OrderButton({ formId, disabled, hint }: { formId: string; disabled: boolean; hint: string }) {
  const { t } = useTranslation("checkout");
  return (
    <div className="space-y-2">
      <button type="submit" form={formId} className={`${buttonStyles.primary} w-full`} disabled={disabled}>
        {t("step.order")}
      </button>
      <p className="text-xs text-slate-700">{hint}</p>
    </div>
  );
}

/**
 * PayPal's part of the step: its script loaded ahead (`load`), then, once the order is placed, its buttons
 * and the way to cancel the order back into the cart.
 */
function PayPalPayment({
  config,
  placed,
  load,
  handlers,
  busy,
  onCancel,
}: {
  config: PaymentConfig;
  placed: Extract<Phase, { kind: "placed" }> | null;
  load: boolean;
  handlers: PayPalHandlers;
  busy: boolean;
  onCancel: (gatewayId: string) => void;
}) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  return (
    <>
      {placed ? (
        <section aria-label={t("step.paymentHeading")} className="space-y-3">
          <p className="text-sm text-slate-800">{t("step.payNow")}</p>
        </section>
      ) : null}
      {load ? (
        <Suspense fallback={placed ? <p role="status">{t("step.paypalLoading")}</p> : null}>
          <PayPalArea
            showButtons={placed !== null}
            handlers={handlers}
            options={{
              clientId: config.client_id ?? "",
              currency: config.currency,
              intent: "capture",
              disableFunding: "credit,card",
              locale: paypalLocale(locale),
              commit: true,
              sdkBaseUrl: config.sdk_url,
            }}
          />
        </Suspense>
      ) : null}
      {placed ? (
        <button
          type="button"
          className={`${buttonStyles.ghost} w-full`}
          disabled={busy}
          onClick={() => onCancel(placed.reply.id)}
        >
          {t("step.cancelOrder")}
        </button>
      ) : null}
    </>
  );
}

/** The two ways to pay, as radio buttons (one choice, arrow keys move between them). */
function PaymentMethodChoice({
  method,
  onChange,
  other,
  disabled,
}: {
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  other: string;
  disabled: boolean;
}) {
  const { t } = useTranslation("checkout");
  const name = useId();
  const options: [PaymentMethod, string][] = [
    ["stripe", t("step.methodStripe")],
    ["default", other],
  ];
  return (
    <fieldset disabled={disabled} className="space-y-2" data-testid="payment-method">
      <legend className="font-bold text-slate-900">{t("step.methodHeading")}</legend>
      {options.map(([value, label]) => (
        <label
          key={value}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border-2 border-slate-300 px-3 py-2 has-[:checked]:border-orange-800"
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={method === value}
            onChange={() => onChange(value)}
            className="size-5 accent-orange-800"
          />
          <span className="font-semibold text-slate-900">{label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The checkout with nothing to order. Opened by the verification link of a parent who signed up here and
 * has paid since (the link returns to the page they registered on, D167), it goes on to the profile's
 * bookings instead of this dead end (issue 32 item 5).
 */
function EmptyCheckout({ onBackToCart }: { onBackToCart: () => void }) {
  const { t } = useTranslation("checkout");
  const notice = useAccountNotice();
  const navigate = useNavigate();
  const verified = notice?.kind === "verified";
  useEffect(() => {
    if (verified) void navigate({ to: "/profile", search: { tab: "sales" }, replace: true });
  }, [verified, navigate]);
  return (
    <div className="mt-6 space-y-4">
      <p className="text-lg text-slate-800">{t("step.empty")}</p>
      <button type="button" className={buttonStyles.primary} onClick={onBackToCart}>
        {t("step.backToCart")}
      </button>
    </div>
  );
}
