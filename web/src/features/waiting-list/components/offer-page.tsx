import "../i18n.ts";
import { berlinDeadlineText, type Locale, PAGE_TITLES, type WaitingListEntry } from "@atelier/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { errorCodes, refusalText } from "../../../lib/error-codes.ts";
import { formatDate, formatTime, slotDay } from "../../../lib/format.ts";
import { offerQueryKey, waitingListApi } from "../api/waiting-list-api.ts";

/**
 * /waiting-list/offer/{token}: the seat a waiting list offers (D79). Only the parent it was made to sees
 * it (another account gets "not found"); "Platz buchen" puts it into the cart and goes on to checkout.
 */
export function OfferPage({
  userKey,
  token,
  onSignIn,
  onAccepted,
}: {
  userKey: string | null;
  token: string;
  onSignIn: () => void;
  onAccepted: () => void;
}) {
  const { t } = useTranslation("waitingList");
  const locale = useLocale();
  const offer = useQuery({
    queryKey: [...offerQueryKey(userKey, token), locale],
    queryFn: () => waitingListApi.offer(token),
    enabled: userKey !== null,
    retry: false,
  });
  const accept = useMutation({ mutationFn: () => waitingListApi.accept(token), onSuccess: onAccepted });
  // The cart's own refusals (the child booked already, the cart full, the age) in the server's words.
  const acceptError = accept.error
    ? errorCodes(accept.error).includes("offer_expired")
      ? t("offer.expired")
      : (refusalText(accept.error) ?? t("offer.acceptFailed"))
    : null;

  let body: React.ReactNode;
  if (userKey === null) {
    body = (
      <>
        <p className="mt-4 text-lg">{t("offer.signIn")}</p>
        <button type="button" className={`${buttonStyles.primary} mt-4`} onClick={onSignIn}>
          {t("offer.signInButton")}
        </button>
      </>
    );
  } else if (offer.isPending) {
    body = (
      <p role="status" className="mt-4">
        {t("offer.loading")}
      </p>
    );
  } else if (offer.isError) {
    body = (
      <p role="alert" className="mt-4 text-lg">
        {offer.error instanceof ApiError && offer.error.status === 404
          ? t("offer.notFound")
          : t("offer.loadFailed")}
      </p>
    );
  } else {
    body = <OfferDetails entry={offer.data} locale={locale} />;
  }

  const open = offer.data?.status === "offered" && offer.data.offer_expires_at !== null;
  return (
    <Container className="max-w-3xl py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">
        {PAGE_TITLES.waitingListOffer[locale]}
      </h1>
      {body}
      {offer.data ? (
        open ? (
          <>
            <p className="mt-4 text-lg font-semibold">
              {t("offer.until", { when: berlinDeadlineText(offer.data.offer_expires_at ?? "", locale) })}
            </p>
            <button
              type="button"
              className={`${buttonStyles.primary} mt-6`}
              disabled={accept.isPending}
              onClick={() => accept.mutate()}
            >
              {accept.isPending ? t("offer.accepting") : t("offer.accept")}
            </button>
          </>
        ) : (
          <p role="alert" className="mt-4 text-lg">
            {t("offer.closed")}
          </p>
        )
      ) : null}
      <div role="alert" aria-live="assertive">
        {acceptError ? <p className="mt-4 font-semibold text-red-800">{acceptError}</p> : null}
      </div>
      {offer.isError || acceptError ? (
        <Link to="/courses" className={`${buttonStyles.secondary} mt-6`}>
          {t("offer.toCourses")}
        </Link>
      ) : null}
    </Container>
  );
}

function OfferDetails({ entry, locale }: { entry: WaitingListEntry; locale: Locale }) {
  const { t } = useTranslation("waitingList");
  const slot = entry.schedule_slot;
  const week = entry.academy_week;
  return (
    <>
      <p className="mt-4 text-lg">{t("offer.intro", { name: entry.visitor_name })}</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-semibold">{t("offer.offerLabel")}</dt>
        <dd>{entry.product_page.name}</dd>
        <dt className="font-semibold">{t("offer.optionLabel")}</dt>
        <dd>{entry.purchase_option_name}</dd>
        {slot ? (
          <>
            <dt className="font-semibold">{t("offer.whenLabel")}</dt>
            <dd>
              {slotDay(slot, locale)}, {formatTime(slot.start)}–{formatTime(slot.end)}
            </dd>
          </>
        ) : null}
        {week ? (
          <>
            <dt className="font-semibold">{t("offer.weekLabel")}</dt>
            <dd>
              {t("offer.weekRange", {
                from: formatDate(week.starts_on, locale),
                to: formatDate(week.ends_on, locale),
              })}
            </dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
