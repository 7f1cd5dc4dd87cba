import { PurchaseTermsList } from "../../../components/purchase-terms.tsx";
import "../i18n.ts";
import {
  type Billing,
  type BillingInput,
  BillingSchema,
  type FulfillReply,
  INVOICE_ADDRESS_FIELDS,
  invoiceNeedsAddress,
  missingAddressFields,
  type Order,
  type PaymentConfig,
  TEXT_MAX_LENGTH,
  type User,
} from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import type { OnApproveActions, OnApproveData } from "@paypal/paypal-js";
import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Container } from "../../../components/ui/container.tsx";
import { FormMessage, TextField } from "../../../components/ui/form-fields.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { useAccountNotice } from "../../../lib/account-notice.ts";
import { useErrorText } from "../../../lib/error-codes.ts";
import { hasExternalMediaConsent } from "../../../lib/external-media-consent.ts";
import { berlinTime } from "../../../lib/format.ts";
import { formatEuro } from "../../../lib/money.ts";
import { paymentConfigOptions, paypalLocale } from "../../../lib/payments.ts";
import { browserStorage } from "../../../lib/storage.ts";
import { checkoutApi, type FulfillRequest } from "../api/checkout-api.ts";
import type { PaymentNotice } from "../cart-search.ts";
import {
  BILLING_FIELDS,
  type BillingField,
  billingFieldErrors,
  type CheckoutProblem,
  checkoutProblem,
} from "../checkout-errors.ts";
import { paymentReturnUrls } from "../return-urls.ts";
import { withdrawalInfo } from "../withdrawal.ts";

// PayPal's React wrapper and SDK loader stay out of every bundle but the checkout step's (and load there only
// when the buttons are wanted).
const PayPalArea = lazy(() => import("./paypal-area.tsx"));

/**
 * The checkout form: the contract's billing rule, the terms box that must be ticked, and, for an invoice over
 * 250 €, the full address (the contract's rule, D170; the server checks it again).
 */
function checkoutFormSchema(needsAddress: boolean) {
  return BillingSchema.extend({
    terms: z.boolean().refine((accepted) => accepted, { error: "terms_required" }),
  }).superRefine((values, ctx) => {
    if (!needsAddress) return;
    for (const field of missingAddressFields(values))
      ctx.addIssue({ code: "custom", path: [field], message: "billing_address_required" });
  });
}
type CheckoutFormValues = Required<{ [K in keyof BillingInput]: string }> & { terms: boolean };

const FIELD_AUTOCOMPLETE: Record<BillingField, string> = {
  first_name: "given-name",
  last_name: "family-name",
  company_name: "organization",
  street: "street-address",
  post_code: "postal-code",
  city: "address-level2",
  country: "country-name",
};
const REQUIRED_FIELDS: ReadonlySet<BillingField> = new Set(["first_name", "last_name"]);

function formDefaults(user: User | undefined): CheckoutFormValues {
  return {
    first_name: user?.first_name ?? "",
    last_name: user?.last_name ?? "",
    company_name: user?.company_name ?? "",
    street: user?.street ?? "",
    post_code: user?.post_code ?? "",
    city: user?.city ?? "",
    country: user?.country ?? "",
    terms: false,
  };
}

/** Stripe Checkout, or the shop's other gateway (PayPal, or the demo gateway without a PayPal account). */
type PaymentMethod = "stripe" | "default";

/** Where the checkout stands: filling in, placing the order, paying it (PayPal), or leaving for a gateway. */
type Phase =
  | { kind: "form" }
  | { kind: "ordering" }
  | { kind: "placed"; order: Order; reply: FulfillReply; request: FulfillRequest }
  | { kind: "leaving" };

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
  const errorText = useErrorText();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const formId = useId();
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [busy, setBusy] = useState<"capturing" | "cancelling" | null>(null);
  const [orderClicked, setOrderClicked] = useState(false);
  // With Stripe on, the parent picks it or the shop's other gateway (PayPal or the demo); PayPal stays
  // preselected, as it was before Stripe came (D104).
  const [method, setMethod] = useState<PaymentMethod>("default");
  // The invoice's total: the lines after discounts, before a gift card (which pays, it does not discount).
  const needsAddress = invoiceNeedsAddress(cart.total_price_cents - cart.total_discount_cents);
  const required = (field: BillingField) =>
    REQUIRED_FIELDS.has(field) ||
    (needsAddress && (INVOICE_ADDRESS_FIELDS as readonly string[]).includes(field));
  // The resolver is read once by react-hook-form; the ref lets it follow a cart whose total changes.
  const needsAddressRef = useRef(needsAddress);
  needsAddressRef.current = needsAddress;
  const form = useForm<CheckoutFormValues>({
    resolver: ((values: CheckoutFormValues, context: unknown, options: never) =>
      zodResolver(checkoutFormSchema(needsAddressRef.current))(values as never, context, options)) as never,
    defaultValues: formDefaults(user),
    mode: "onTouched",
  });
  const { errors } = form.formState;

  // While an order is placed, the page shows it as it was ordered: the server's cart is a new, empty one.
  const order = phase.kind === "placed" ? phase.order : cart;
  const info = withdrawalInfo(order.items.map((item) => item.product_page.product_type));
  const placed = phase.kind === "placed" ? phase : null;
  const locked = phase.kind !== "form";
  const stripe = config.stripe && method === "stripe";
  const paypal = config.gateway === "paypal" && !stripe;

  if (order.items.length === 0 && phase.kind === "form") return <EmptyCheckout onBackToCart={onBackToCart} />;

  const fail = (error: unknown) => {
    console.error("checkout failed", error);
    const found = checkoutProblem(error);
    setProblem(found);
    const fields = billingFieldErrors(error);
    // The focus goes to the first field the server refused, not the last.
    Object.entries(fields).forEach(([field, code], index) => {
      form.setError(field as BillingField, { message: code }, { shouldFocus: index === 0 });
    });
    return found;
  };

  const submit = form.handleSubmit(async (values) => {
    const { terms: _terms, ...billingInput } = values;
    const billing: Billing = BillingSchema.parse(billingInput);
    const request: FulfillRequest = { cartId: cart.cart_id, billing };
    setProblem(null);
    setOrderClicked(true);
    setPhase({ kind: "ordering" });
    try {
      if (!paypal) {
        // Stripe's or the demo gateway's own page takes the payment, then sends the browser back to us.
        const gateway = stripe ? ("stripe" as const) : undefined;
        const reply = await checkoutApi.fulfill({
          ...request,
          ...(gateway ? { gateway } : {}),
          ...paymentReturnUrls(window.location.origin, locale, gateway),
        });
        if (reply.url) {
          setPhase({ kind: "leaving" });
          onRedirect(reply.url);
        } else {
          onPaid(reply.order_id);
        }
        return;
      }
      const reply = await checkoutApi.fulfill(request);
      // Nothing due (fully discounted): paid at once, without PayPal (decision D50).
      if (reply.approve_url === null) {
        onPaid(reply.order_id);
        return;
      }
      setPhase({ kind: "placed", order: cart, reply, request });
      // The header's badge: the items now belong to the order, the server's cart is empty.
      void queryClient.invalidateQueries({ queryKey: cartKey });
    } catch (error) {
      setPhase({ kind: "form" });
      fail(error);
    }
  });

  const cancelOrder = async (gatewayId: string) => {
    setBusy("cancelling");
    setProblem(null);
    try {
      const back = await checkoutApi.cancelPayment(gatewayId);
      onBackInCart("cancelled", back);
    } catch (error) {
      const found = fail(error);
      if (found === "orderNotPayable") onBackInCart("expired");
    } finally {
      setBusy(null);
    }
  };

  const handlers = placed
    ? {
        // Fulfil again: the same cart answers the same PayPal order while it awaits payment (decision D50).
        createOrder: async () => {
          setProblem(null);
          const reply = await checkoutApi.fulfill(placed.request);
          return reply.id;
        },
        onApprove: async (data: OnApproveData, actions: OnApproveActions) => {
          setBusy("capturing");
          setProblem(null);
          try {
            const paid = await checkoutApi.capture(data.orderID, data);
            onPaid(paid.id);
          } catch (error) {
            const found = fail(error);
            // PayPal's advice: the buyer picks another funding source in the same window.
            if (found === "instrumentDeclined") return actions.restart();
            if (found === "paymentDeclined") onBackInCart("declined");
            if (found === "orderNotPayable") onBackInCart("expired");
          } finally {
            setBusy(null);
          }
        },
        onCancel: (data: Record<string, unknown>) => {
          const id = typeof data.orderID === "string" && data.orderID ? data.orderID : placed.reply.id;
          void cancelOrder(id);
        },
        onError: (error: Record<string, unknown>) => {
          console.error("PayPal reported an error", error);
        },
      }
    : {};

  // Spec: PayPal's script loads on this step only, after consent to external media or the order click.
  const loadPayPal = paypal && (orderClicked || hasExternalMediaConsent(browserStorage()));
  const dueNow = order.total_checkout_price_cents;
  const monthly = order.total_recurrent_price_cents;
  const reservedUntil = placed?.reply.reserved_until ? berlinTime(placed.reply.reserved_until, locale) : null;

  return (
    <div className="mt-8 grid gap-10 lg:grid-cols-[3fr_2fr]">
      <form id={formId} noValidate className="space-y-8" onSubmit={submit} aria-label={t("step.heading")}>
        <fieldset disabled={locked} className="space-y-4">
          <legend className="text-xl font-bold text-slate-900">{t("step.billingHeading")}</legend>
          <p className="text-sm text-slate-700">{t("step.billingHint")}</p>
          {needsAddress ? (
            <p className="text-sm font-semibold text-slate-900" data-testid="address-hint">
              {t("step.addressHint")}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {BILLING_FIELDS.map((field) => (
              <TextField
                key={field}
                label={
                  required(field)
                    ? t(`step.fields.${field}`)
                    : t("step.optional", { label: t(`step.fields.${field}`) })
                }
                autoComplete={FIELD_AUTOCOMPLETE[field]}
                maxLength={field === "post_code" ? 16 : TEXT_MAX_LENGTH}
                aria-required={required(field) ? true : undefined}
                error={errorText(errors[field]?.message)}
                {...form.register(field)}
              />
            ))}
          </div>
        </fieldset>

        <section aria-labelledby={`${formId}-terms`} className="space-y-3">
          <h2 id={`${formId}-terms`} className="text-xl font-bold text-slate-900">
            {t("step.termsHeading")}
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800" data-testid="withdrawal-info">
            {info.types.map((type) => (
              <li key={type}>{t(`step.withdrawal.${type}`)}</li>
            ))}
          </ul>
          <p className="text-sm">
            <Link
              to="/legal/terms"
              target="_blank"
              rel="noopener"
              className="font-semibold text-orange-900 underline underline-offset-2"
            >
              {t("step.termsLink")}
            </Link>
          </p>
          <Controller
            control={form.control}
            name="terms"
            render={({ field }) => (
              <Checkbox
                name={field.name}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={locked}
                label={info.earlyStart ? t("step.acceptEarlyStart") : t("step.acceptTerms")}
                error={errors.terms ? t("step.termsRequired") : undefined}
                data-testid="accept-terms"
              />
            )}
          />
        </section>
      </form>

      <aside
        aria-labelledby={`${formId}-summary`}
        className="h-fit space-y-5 rounded-2xl border-2 border-slate-300 p-5"
      >
        <h2 id={`${formId}-summary`} className="text-xl font-bold text-slate-900">
          {t("step.orderHeading")}
        </h2>
        <ul className="space-y-2 text-sm text-slate-800" data-testid="checkout-items">
          {order.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-3">
              <div className="min-w-0">
                <span className="font-semibold">{item.product_page.name}</span>
                {" – "}
                {item.visitor_name ?? t("step.noChild")}
                <PurchaseTermsList
                  terms={item.terms}
                  recurring={item.is_recurring}
                  refundDaysBefore={item.product_page.refund_days_before}
                  locale={locale}
                  className="mt-1 text-slate-700"
                />
              </div>
              <span className="shrink-0">
                {formatEuro(item.list_price_cents - item.discount_amount_cents, locale)}
              </span>
            </li>
          ))}
        </ul>
        <dl
          className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-slate-300 pt-3"
          data-testid="checkout-totals"
        >
          <dt className="font-bold">{t("step.dueNow")}</dt>
          <dd className="text-right font-bold" data-testid="checkout-due-now">
            {formatEuro(dueNow, locale)}
          </dd>
          {monthly > 0 ? (
            <>
              <dt>{t("step.monthly")}</dt>
              <dd className="text-right" data-testid="checkout-monthly">
                {formatEuro(monthly, locale)}
              </dd>
            </>
          ) : null}
        </dl>
        {monthly > 0 ? <p className="text-xs text-slate-700">{t("step.monthlyHint")}</p> : null}

        {config.stripe && !placed ? (
          <PaymentMethodChoice
            method={method}
            onChange={setMethod}
            other={config.gateway === "paypal" ? t("step.methodPayPal") : t("step.methodDemo")}
            disabled={locked}
          />
        ) : null}
        {placed ? null : (
          <div className="space-y-2">
            <button
              type="submit"
              form={formId}
              className={`${buttonStyles.primary} w-full`}
              disabled={phase.kind !== "form"}
            >
              {t("step.order")}
            </button>
            <p className="text-xs text-slate-700">
              {stripe ? t("step.stripeHint") : paypal ? t("step.paypalHint") : t("step.demoHint")}
            </p>
          </div>
        )}

        <div role="status" data-testid="checkout-status">
          {phase.kind === "ordering" ? <p>{t("step.ordering")}</p> : null}
          {phase.kind === "leaving" ? <p>{t("step.redirecting")}</p> : null}
          {reservedUntil ? (
            <p className="rounded-lg border-l-4 border-green-700 bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
              {t("step.reserved", { time: reservedUntil })}
            </p>
          ) : null}
          {busy === "capturing" ? <p>{t("step.capturing")}</p> : null}
          {busy === "cancelling" ? <p>{t("step.cancelling")}</p> : null}
        </div>

        <FormMessage tone="error" testId="checkout-problem">
          {problem ? (
            <>
              {t(`problems.${problem}`)}
              {problem === "signIn" ? (
                <>
                  {" "}
                  <button type="button" className="underline" onClick={onSignIn}>
                    {t("complete.signInButton")}
                  </button>
                </>
              ) : null}
            </>
          ) : null}
        </FormMessage>

        {placed ? (
          <section aria-label={t("step.paymentHeading")} className="space-y-3">
            <p className="text-sm text-slate-800">{t("step.payNow")}</p>
          </section>
        ) : null}
        {loadPayPal ? (
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
            disabled={busy !== null}
            onClick={() => void cancelOrder(placed.reply.id)}
          >
            {t("step.cancelOrder")}
          </button>
        ) : null}
      </aside>
    </div>
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
