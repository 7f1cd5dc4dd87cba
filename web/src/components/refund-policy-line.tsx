import { useTranslation } from "react-i18next";

/**
 * A workshop's or event's refund policy in one line (D142): "Kostenlose Stornierung bis 7 Tage vor dem
 * Termin". The product page, the cart line and the checkout show the same line.
 */
export function RefundPolicyLine({ days, className }: { days: number; className?: string }) {
  const { t } = useTranslation("common");
  const text = days === 0 ? t("refundPolicy.policy_zero") : t("refundPolicy.policy", { count: days });
  return (
    <span className={className} data-testid="refund-policy">
      {text}
    </span>
  );
}
