import "../i18n.ts";
import { type Order, PROMOCODE_MAX_LENGTH, SetPromocodeSchema } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { FormMessage, TextField } from "../../../components/ui/form-fields.tsx";
import { serverMessage } from "../../../lib/error-codes.ts";
import { cartApi } from "../api/cart-api.ts";

const PromocodeFormSchema = SetPromocodeSchema.refine((value) => value.promocode.length > 0, {
  error: "required",
  path: ["promocode"],
});

/**
 * The promocode of the cart (PUT set_promocode). A refusal shows the server's message, or
 * 'Failed to apply promocode' (spec §8), under the field; an applied code can be removed.
 */
export function PromocodeForm({ order, queryKey }: { order: Order; queryKey: readonly unknown[] }) {
  const { t } = useTranslation("cart");
  const queryClient = useQueryClient();
  // An applied code is shown above the field from the order itself, so its news is only announced there;
  // a removal leaves nothing on the page, so it is shown (D496).
  const [status, setStatus] = useState<{ text: string; shown: boolean } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<{ promocode: string }>({
    resolver: zodResolver(PromocodeFormSchema) as never,
    defaultValues: { promocode: "" },
  });
  const apply = useMutation({
    mutationFn: (code: string) => cartApi.setPromocode(code),
    onSuccess: (updated, code) => {
      queryClient.setQueryData(queryKey, updated);
      // One field takes both (D56): the code typed is the card's when it matches it, spaces and hyphens aside.
      const bare = (text: string) => text.replace(/[\s-]/g, "").toUpperCase();
      const card =
        code && updated.gift_card && bare(updated.gift_card.code) === bare(code)
          ? updated.gift_card.code
          : null;
      setStatus(
        !code
          ? { text: t("promocode.removed"), shown: true }
          : card
            ? { text: t("promocode.giftCardApplied", { code: card }), shown: false }
            : { text: t("promocode.applied", { code: updated.promocode ?? code }), shown: false },
      );
      form.reset({ promocode: "" });
      // The "remove" button went with the code: the focus goes to the field a new code is typed in (D627).
      if (!code) formRef.current?.querySelector("input")?.focus();
    },
    onError: (error) => {
      console.error("promocode failed", error);
      setStatus(null);
      form.setError(
        "promocode",
        { message: serverMessage(error, "promocode") ?? t("promocode.failed") },
        { shouldFocus: true },
      );
    },
  });

  const code = form.formState.errors.promocode?.message;
  const errorText =
    code === "required" ? t("promocode.required") : code === "too_long" ? t("promocode.tooLong") : code;
  return (
    <div className="space-y-3">
      {order.promocode || order.gift_card ? (
        <div className="flex flex-wrap items-center gap-3">
          {order.promocode ? (
            <p className="font-semibold">{t("promocode.applied", { code: order.promocode })}</p>
          ) : null}
          {order.gift_card ? (
            <p className="font-semibold" data-testid="gift-card-applied">
              {t("promocode.giftCardApplied", { code: order.gift_card.code })}
            </p>
          ) : null}
          <button
            type="button"
            className={buttonStyles.ghost}
            disabled={apply.isPending}
            onClick={() => {
              form.clearErrors();
              apply.mutate("");
            }}
          >
            {t("promocode.remove")}
          </button>
        </div>
      ) : null}
      <form
        ref={formRef}
        noValidate
        className="flex flex-wrap items-start gap-3"
        onSubmit={form.handleSubmit(({ promocode }) => {
          setStatus(null);
          apply.mutate(promocode.trim());
        })}
      >
        <TextField
          label={t("promocode.label")}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={PROMOCODE_MAX_LENGTH}
          className="min-w-0 flex-1"
          error={errorText}
          announceError
          {...form.register("promocode")}
        />
        <button type="submit" className={`${buttonStyles.secondary} mt-6`} disabled={apply.isPending}>
          {t("promocode.apply")}
        </button>
      </form>
      <FormMessage tone="success" visuallyHidden={status?.shown === false}>
        {status?.text}
      </FormMessage>
    </div>
  );
}
