import "../i18n.ts";
import {
  type BillingInput,
  BillingSchema,
  INVOICE_ADDRESS_FIELDS,
  invoiceNeedsAddress,
  missingAddressFields,
  type Order,
  postCodeIssue,
  TEXT_MAX_LENGTH,
  type User,
} from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { TextField } from "../../../components/ui/form-fields.tsx";
import { useErrorText } from "../../../lib/error-codes.ts";
import { BILLING_FIELDS, type BillingField } from "../checkout-errors.ts";
import type { WithdrawalInfo } from "../withdrawal.ts";

// The checkout's form half (issue 33): the billing data and the terms box, with the form's rules, apart from
// the order summary and the payment that make up the rest of the step.

/**
 * The checkout form: the contract's billing rule, the terms box that must be ticked, and, for an invoice over
 * 250 €, the full address (the contract's rule, D170; the server checks it again).
 */
function checkoutFormSchema(needsAddress: boolean) {
  return BillingSchema.extend({
    terms: z.boolean().refine((accepted) => accepted, { error: "terms_required" }),
  }).superRefine((values, ctx) => {
    postCodeIssue(values, ctx);
    if (!needsAddress) return;
    for (const field of missingAddressFields(values))
      ctx.addIssue({ code: "custom", path: [field], message: "billing_address_required" });
  });
}
export type CheckoutFormValues = Required<{ [K in keyof BillingInput]: string }> & { terms: boolean };
export type CheckoutForm = UseFormReturn<CheckoutFormValues>;

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

/**
 * What a parent typed into the billing fields, per account, while the shop is open in the tab (D487): going
 * back to the cart and on to the checkout again built the form anew from the profile, and a typed address
 * was gone. Kept in memory only, never stored; the terms box is always ticked anew.
 */
const typedBilling = new Map<number, Omit<CheckoutFormValues, "terms">>();

/**
 * Forgets what was typed (the component tests start each from the profile). The shop keeps it for the tab's
 * life: a payment cancelled at PayPal or declined brings the parent back to the cart, and the address typed
 * for that order is still wanted (D487).
 */
export function forgetTypedBilling(account?: number) {
  if (account === undefined) typedBilling.clear();
  else typedBilling.delete(account);
}

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

/**
 * The checkout form's state: the profile's billing data as defaults, and whether the cart's invoice needs
 * the full address (which makes those fields required).
 */
export function useCheckoutForm(cart: Order, user: User | undefined) {
  // The invoice's total: the lines after discounts, before a gift card (which pays, it does not discount).
  const needsAddress = invoiceNeedsAddress(cart.total_price_cents - cart.total_discount_cents);
  const required = (field: BillingField) =>
    REQUIRED_FIELDS.has(field) ||
    (needsAddress && (INVOICE_ADDRESS_FIELDS as readonly string[]).includes(field));
  // The resolver is read once by react-hook-form; the ref lets it follow a cart whose total changes.
  const needsAddressRef = useRef(needsAddress);
  needsAddressRef.current = needsAddress;
  const typed = user ? typedBilling.get(user.pk) : undefined;
  const form = useForm<CheckoutFormValues>({
    resolver: ((values: CheckoutFormValues, context: unknown, options: never) =>
      zodResolver(checkoutFormSchema(needsAddressRef.current))(values as never, context, options)) as never,
    defaultValues: { ...formDefaults(user), ...typed, terms: false },
    mode: "onTouched",
  });
  const account = user?.pk;
  useEffect(() => {
    if (account === undefined) return;
    const watching = form.watch(({ terms: _terms, ...values }) => {
      const { terms: _unticked, ...empty } = formDefaults(undefined);
      typedBilling.set(account, { ...empty, ...values } as Omit<CheckoutFormValues, "terms">);
    });
    return () => watching.unsubscribe();
  }, [form, account]);
  return { form, needsAddress, required };
}

/** The billing data: name always, the address when the invoice needs it, the rest optional. */
export function BillingFieldset({
  form,
  needsAddress,
  required,
  locked,
}: {
  form: CheckoutForm;
  needsAddress: boolean;
  required: (field: BillingField) => boolean;
  locked: boolean;
}) {
  const { t } = useTranslation("checkout");
  const errorText = useErrorText();
  const { errors } = form.formState;
  return (
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
  );
}

/** The withdrawal information for the cart's product types, the terms' link and the box to accept them. */
export function TermsSection({
  form,
  formId,
  info,
  locked,
}: {
  form: CheckoutForm;
  formId: string;
  info: WithdrawalInfo;
  locked: boolean;
}) {
  const { t } = useTranslation("checkout");
  const { errors } = form.formState;
  return (
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
  );
}
