import "../i18n.ts";
import {
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MESSAGE_MAX_LENGTH,
  GIFT_CARD_MIN_CENTS,
  GIFT_CARD_RECIPIENT_MAX_LENGTH,
  GiftCardDetailsSchema,
  lastGiftCardSendDay,
  type ProductDetail,
  parseEuroCents,
  todayInBerlin,
} from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FieldError, inputClass, TextField } from "../../../components/ui/form-fields.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { errorCodesByField, serverMessage, useErrorText } from "../../../lib/error-codes.ts";
import { focusFirstError } from "../../../lib/first-error-focus.ts";
import { formatEuro } from "../../../lib/money.ts";
import { cartApi } from "../api/cart-api.ts";
import { CURRENT_ORDER_KEY } from "../api/current-order.ts";
import { AddResultDialogs } from "./add-result-dialogs.tsx";

type Values = {
  /** A suggested amount in cents, or "other". */
  amount: string;
  other_euros: string;
  recipient_name: string;
  message: string;
  deliver_to: "buyer" | "recipient";
  recipient_email: string;
  send_on: string;
};
type Field = keyof Values;

const choiceRow =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3 py-2 has-[:checked]:border-orange-800 has-[:checked]:bg-orange-50";
const fieldset = "min-w-0 space-y-3 rounded-2xl border-2 border-slate-300 p-4";
const legend = "px-1 text-lg font-bold text-slate-900";

/**
 * The amount the form stands for, in cents (NaN when "other" holds no amount). "Other" is read by the
 * contract's euro parser, as Germans type it: "1.000" is a thousand euros, not one (D486).
 */
export function amountCents(values: Pick<Values, "amount" | "other_euros">): number {
  if (values.amount !== "other") return Number(values.amount);
  return parseEuroCents(values.other_euros) ?? Number.NaN;
}

/** The form's values as the contract's `gift_card` details, before validation. */
const detailsOf = (values: Values) => ({
  amount_cents: amountCents(values),
  recipient_name: values.recipient_name,
  message: values.message,
  deliver_to: values.deliver_to,
  recipient_email: values.deliver_to === "recipient" ? values.recipient_email : null,
  send_on: values.deliver_to === "recipient" && values.send_on ? values.send_on : null,
});

/** The form field a contract path or a server's `gift_card.<name>` key belongs to. */
function fieldOf(path: string): Field {
  const name = path.replace(/^gift_card\./, "");
  if (name === "amount_cents") return "amount";
  return (
    (["recipient_name", "message", "deliver_to", "recipient_email", "send_on"] as const).find(
      (field) => field === name,
    ) ?? "recipient_name"
  );
}

/**
 * Whether a field of the form is refused now. The amount's error stands at the radios, or at the euros
 * field when "other" is chosen: the one the parent types into.
 */
const refusedField = (form: UseFormReturn<Values>) => (name: string) => {
  const other = form.getValues("amount") === "other";
  if (name === "amount") return !other && form.getFieldState("amount").invalid;
  if (name === "other_euros") return other && form.getFieldState("amount").invalid;
  return form.getFieldState(name as keyof Values).invalid;
};

/**
 * The gift card form's state and its adding to the cart: the school's amounts as suggestions, the contract's
 * rule for the details, the server's refusals on their fields, and what the dialogs then say.
 */
function useGiftCardOrder(product: ProductDetail, signedIn: boolean) {
  const { t } = useTranslation("cart");
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The school's amounts (the page's purchase options) are the suggestions; any other is allowed too.
  const options = product.purchase_options;
  const suggested = [...new Set(options.map((o) => String(o.base_price_cents)))];
  const firstAmount = suggested[0] ?? "other";
  /** The option an amount is bought through: its own when it is one of the school's, else the first. */
  const optionFor = (cents: number) => options.find((o) => o.base_price_cents === cents) ?? options[0];

  const form = useForm<Values>({
    defaultValues: {
      amount: firstAmount,
      other_euros: "",
      recipient_name: "",
      message: "",
      deliver_to: "buyer",
      recipient_email: "",
      send_on: todayInBerlin(),
    },
    // The first refused field on screen takes the focus (`focusFirstError`), not the first registered: the
    // recipient's name is registered before the amount's fields, which come first on screen (D617).
    shouldFocusError: false,
    resolver: async (values) => {
      const parsed = GiftCardDetailsSchema.safeParse(detailsOf(values));
      if (parsed.success) return { values, errors: {} };
      const errors: Partial<Record<Field, { type: string; message: string }>> = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.join("."));
        errors[field] ??= { type: "validate", message: issue.message };
      }
      return { values: {}, errors };
    },
  });

  const add = useMutation({
    mutationFn: (details: ReturnType<typeof detailsOf>) => {
      const option = optionFor(details.amount_cents);
      if (!option) throw new Error("gift card without a purchase option");
      return cartApi.addItem(signedIn, {
        product_page: product.id,
        purchase_option: option.id,
        gift_card: details,
      });
    },
    onSuccess: async (_item, details) => {
      setAdded(details.recipient_name.trim());
      await queryClient.invalidateQueries({ queryKey: CURRENT_ORDER_KEY });
    },
    onError: (error) => {
      // Field errors go to their fields; anything else is said in a dialog.
      const byField = Object.entries(errorCodesByField(error)).filter(([key]) =>
        key.startsWith("gift_card."),
      );
      // The focus goes to the first refused field (the server names them in the form's order), not the last.
      byField.forEach(([key, codes], index) => {
        form.setError(
          fieldOf(key),
          { type: "server", message: codes[0] ?? "invalid" },
          { shouldFocus: index === 0 },
        );
      });
      if (byField.length === 0) setFailure(serverMessage(error) ?? t("buy.addFailed"));
    },
  });
  const submit = form.handleSubmit(
    (valid) => add.mutate(detailsOf(valid)),
    (_errors, event) => focusFirstError(event?.target as HTMLFormElement | null, refusedField(form)),
  );
  return {
    form,
    suggested,
    hasOptions: options.length > 0,
    submit,
    pending: add.isPending,
    addedText: added === null ? null : t("giftCard.added", { name: added }),
    failure,
    closeAdded: () => setAdded(null),
    closeFailure: () => setFailure(null),
  };
}

/**
 * A gift card's own order form (issue 24): any value within the contract's limits, who it is for, a
 * message, and whether it goes to the buyer to print or to the recipient on a chosen day. No child.
 */
export function GiftCardForm({
  product,
  signedIn,
  onContinueShopping,
}: {
  product: ProductDetail;
  signedIn: boolean;
  onContinueShopping: () => void;
}) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  const id = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const codeText = useErrorText();
  const order = useGiftCardOrder(product, signedIn);
  const { form } = order;
  const values = useWatch({ control: form.control }) as Values;
  const { errors } = form.formState;
  const errorOf = (field: Field) => codeText(errors[field]?.message);

  if (!order.hasOptions) return <p className="text-lg text-slate-800">{t("buy.noOptions")}</p>;

  return (
    <>
      <form noValidate className="space-y-6" onSubmit={order.submit}>
        <AmountFieldset
          id={id}
          form={form}
          suggested={order.suggested}
          other={values.amount === "other"}
          errorOf={errorOf}
        />

        <TextField
          label={t("giftCard.recipientName")}
          hint={t("giftCard.recipientNameHint")}
          maxLength={GIFT_CARD_RECIPIENT_MAX_LENGTH}
          autoComplete="off"
          error={errorOf("recipient_name")}
          {...form.register("recipient_name")}
        />

        <MessageField id={id} form={form} length={values.message.length} error={errorOf("message")} />

        <DeliveryFieldset form={form} toRecipient={values.deliver_to === "recipient"} errorOf={errorOf} />

        <p className="text-sm text-slate-700">{t("giftCard.noChild")}</p>
        <button ref={submitRef} type="submit" className={buttonStyles.primary} disabled={order.pending}>
          {t("giftCard.submit", {
            // Only an amount the card can have: "89,50" is refused (whole euros), so the button does not offer it.
            price: GiftCardDetailsSchema.shape.amount_cents.safeParse(amountCents(values)).success
              ? formatEuro(amountCents(values), locale)
              : "…",
          })}
        </button>
      </form>

      <AddResultDialogs
        failure={order.failure}
        onFailureClose={order.closeFailure}
        addedText={order.addedText}
        onAddedClose={order.closeAdded}
        onContinueShopping={onContinueShopping}
        returnFocusTo={submitRef}
      />
    </>
  );
}

type GiftCardFormState = UseFormReturn<Values>;

/** The amount: the school's suggestions as radios, or "other" with a field for euros, within the limits. */
function AmountFieldset({
  id,
  form,
  suggested,
  other,
  errorOf,
}: {
  id: string;
  form: GiftCardFormState;
  suggested: string[];
  other: boolean;
  errorOf: (field: Field) => string | undefined;
}) {
  const { t } = useTranslation("cart");
  const locale = useLocale();
  return (
    <fieldset className={fieldset} aria-invalid={form.formState.errors.amount ? true : undefined}>
      <legend className={legend}>{t("giftCard.amountLegend")}</legend>
      <p id={`${id}-amount-hint`} className="text-sm text-slate-700">
        {t("giftCard.amountHint", {
          min: formatEuro(GIFT_CARD_MIN_CENTS, locale),
          max: formatEuro(GIFT_CARD_MAX_CENTS, locale),
        })}
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {suggested.map((cents) => (
          <label key={cents} className={choiceRow}>
            <input
              type="radio"
              value={cents}
              className="size-5 accent-orange-800"
              {...form.register("amount")}
            />
            <span className="font-semibold">{formatEuro(Number(cents), locale)}</span>
          </label>
        ))}
        <label className={choiceRow}>
          <input
            type="radio"
            value="other"
            className="size-5 accent-orange-800"
            {...form.register("amount")}
          />
          <span className="font-semibold">{t("giftCard.otherAmount")}</span>
        </label>
      </div>
      {other ? (
        <TextField
          label={t("giftCard.otherEuros")}
          inputMode="numeric"
          autoComplete="off"
          error={errorOf("amount")}
          {...form.register("other_euros")}
        />
      ) : (
        <div role="alert">
          <FieldError id={`${id}-amount-error`} error={errorOf("amount")} />
        </div>
      )}
    </fieldset>
  );
}

/** The message on the card, with how many characters are left. */
function MessageField({
  id,
  form,
  length,
  error,
}: {
  id: string;
  form: GiftCardFormState;
  length: number;
  error: string | undefined;
}) {
  const { t } = useTranslation("cart");
  const invalid = form.formState.errors.message !== undefined;
  return (
    <div>
      <label htmlFor={`${id}-message`} className="block text-sm font-semibold text-slate-900">
        {t("giftCard.message")}
      </label>
      <textarea
        id={`${id}-message`}
        rows={3}
        maxLength={GIFT_CARD_MESSAGE_MAX_LENGTH}
        aria-describedby={`${id}-message-hint${invalid ? ` ${id}-message-error` : ""}`}
        aria-invalid={invalid ? true : undefined}
        className={inputClass}
        {...form.register("message")}
      />
      <p id={`${id}-message-hint`} className="mt-1 text-sm text-slate-700">
        {t("giftCard.messageHint", { count: GIFT_CARD_MESSAGE_MAX_LENGTH - length })}
      </p>
      <FieldError id={`${id}-message-error`} error={error} />
    </div>
  );
}

/** To the buyer (to print), or by e-mail to the recipient on a day from today to the last allowed one. */
function DeliveryFieldset({
  form,
  toRecipient,
  errorOf,
}: {
  form: GiftCardFormState;
  toRecipient: boolean;
  errorOf: (field: Field) => string | undefined;
}) {
  const { t } = useTranslation("cart");
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>{t("giftCard.deliveryLegend")}</legend>
      <label className={choiceRow}>
        <input
          type="radio"
          value="buyer"
          className="size-5 accent-orange-800"
          {...form.register("deliver_to")}
        />
        <span>{t("giftCard.toBuyer")}</span>
      </label>
      <label className={choiceRow}>
        <input
          type="radio"
          value="recipient"
          className="size-5 accent-orange-800"
          {...form.register("deliver_to")}
        />
        <span>{t("giftCard.toRecipient")}</span>
      </label>
      {toRecipient ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("giftCard.recipientEmail")}
            type="email"
            autoComplete="off"
            error={errorOf("recipient_email")}
            {...form.register("recipient_email")}
          />
          <TextField
            label={t("giftCard.sendOn")}
            type="date"
            min={todayInBerlin()}
            max={lastGiftCardSendDay()}
            hint={t("giftCard.sendOnHint")}
            error={errorOf("send_on")}
            {...form.register("send_on")}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
