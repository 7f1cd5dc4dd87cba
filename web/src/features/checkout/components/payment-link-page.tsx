import "../i18n.ts";
import type { PaymentLink } from "@atelier/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { errorCodes } from "../../../lib/error-codes.ts";
import { berlinDateTime } from "../../../lib/format.ts";
import { formatEuro } from "../../../lib/money.ts";
import { paymentConfigOptions } from "../../../lib/payments.ts";
import { paymentLinkApi, paymentLinkOptions } from "../api/payment-link-api.ts";
import { paymentReturnUrls } from "../return-urls.ts";

/**
 * /pay/{token}: the order staff built for the parent (D156, D157), paid with the shop's gateways. Signed
 * out, the parent signs in and stays on this page; another account gets "not found".
 */
export function PaymentLinkPage({
  userKey,
  token,
  onSignIn,
  leave = (url) => window.location.assign(url),
}: {
  userKey: string | null;
  token: string;
  onSignIn: () => void;
  leave?: (url: string) => void;
}) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  const link = useQuery({
    ...paymentLinkOptions(userKey ?? "", token),
    enabled: userKey !== null,
  });
  const config = useQuery(paymentConfigOptions());
  const pay = useMutation({
    mutationFn: (gateway: "paypal" | "stripe") => {
      const urls = paymentReturnUrls(
        window.location.origin,
        locale,
        gateway === "stripe" ? "stripe" : undefined,
      );
      return paymentLinkApi.pay(token, gateway, urls.successUrl, urls.cancelUrl);
    },
    onSuccess: (reply) => {
      const target = reply.url ?? reply.approve_url;
      if (target) leave(target);
    },
  });
  const payError = pay.error
    ? errorCodes(pay.error).includes("payment_link_expired")
      ? t("link.expired")
      : t("link.payFailed")
    : null;

  let body: React.ReactNode;
  if (userKey === null) {
    body = (
      <>
        <p className="mt-4 text-lg">{t("link.signIn")}</p>
        <button type="button" className={`${buttonStyles.primary} mt-4`} onClick={onSignIn}>
          {t("link.signInButton")}
        </button>
      </>
    );
  } else if (link.isPending) {
    body = (
      <p role="status" className="mt-4">
        {t("link.loading")}
      </p>
    );
  } else if (link.isError) {
    body = (
      <p role="alert" className="mt-4 text-lg">
        {link.error instanceof ApiError && link.error.status === 404
          ? t("link.notFound")
          : t("link.loadFailed")}
      </p>
    );
  } else {
    body = (
      <LinkDetails
        link={link.data}
        stripe={config.data?.stripe === true}
        paying={pay.isPending}
        onPay={(gateway) => pay.mutate(gateway)}
      />
    );
  }

  return (
    <Container className="max-w-3xl py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{t("link.title")}</h1>
      {body}
      <div role="alert" aria-live="assertive">
        {payError ? <p className="mt-4 font-semibold text-red-800">{payError}</p> : null}
      </div>
    </Container>
  );
}

function LinkDetails({
  link,
  stripe,
  paying,
  onPay,
}: {
  link: PaymentLink;
  stripe: boolean;
  paying: boolean;
  onPay: (gateway: "paypal" | "stripe") => void;
}) {
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  const { order } = link;
  return (
    <>
      <p className="mt-4 text-lg">{t("link.intro", { number: order.id })}</p>
      <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {order.items.map((item) => (
          <li key={item.id} className="flex flex-wrap justify-between gap-2 p-3">
            <span className="min-w-0 break-words">
              <span className="font-semibold">{item.product_page.name}</span>
              {" – "}
              {item.purchase_option_name}
              {item.visitor_name ? ` (${item.visitor_name})` : ""}
            </span>
            <span>{formatEuro(item.list_price_cents - item.discount_amount_cents, locale)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-lg font-semibold">
        {t("link.total", { amount: formatEuro(order.total_checkout_price_cents, locale) })}
      </p>
      {link.state === "open" ? (
        <>
          {order.reserved_until ? (
            <p className="mt-2">{t("link.until", { when: berlinDateTime(order.reserved_until, locale) })}</p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={paying}
              onClick={() => onPay("paypal")}
            >
              {paying ? t("link.paying") : t("link.pay")}
            </button>
            {stripe ? (
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={paying}
                onClick={() => onPay("stripe")}
              >
                {t("link.payStripe")}
              </button>
            ) : null}
          </div>
        </>
      ) : (
        <p role="alert" className="mt-4 text-lg font-semibold">
          {t(`link.state.${link.state}`)}
        </p>
      )}
    </>
  );
}
