import "../history-i18n.ts";
import {
  type HistoryGiftCard,
  type HistoryItem,
  type ItemState,
  type Locale,
  todayInBerlin,
  weekdayIndexOf,
} from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatDate, formatTime, weekdayName } from "../../../lib/format.ts";
import { formatEuro } from "../../../lib/money.ts";
import { type HistoryFilter, historyQueryOptions } from "../api/history-api.ts";
import { CalendarDownload, ItemDocuments } from "./item-documents.tsx";
import { WithdrawButton } from "./withdraw-button.tsx";

/** A link into the catalogue, composed in by the route (router links need the router). */
export type CatalogueLink = (props: {
  to: "/courses" | "/workshops";
  className: string;
  children: ReactNode;
}) => ReactNode;

/** What can be done with a bought item beyond documents and withdrawal (the contracts feature's monthly
 * actions), composed in by the route: features do not import each other. */
export type ItemActions = ComponentType<{ item: HistoryItem }>;

const STATE_STYLES: Record<ItemState, string> = {
  active: "bg-green-100 text-green-900",
  frozen: "bg-sky-100 text-sky-900",
  "awaiting payment": "bg-amber-100 text-amber-900",
  "renewal available": "bg-amber-100 text-amber-900",
  cancelled: "bg-slate-200 text-slate-800",
};

/** `noticeGiven`: a cancelled subscription whose paid month still runs (D96) reads "cancelled", not "ended". */
export function StateBadge({ state, noticeGiven = false }: { state: ItemState; noticeGiven?: boolean }) {
  const { t } = useTranslation("history");
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATE_STYLES[state]}`}>
      {noticeGiven ? t("states.noticeGiven") : t(`states.${state}`)}
    </span>
  );
}

/** When the item takes place: weekly times, dated sessions or academy weeks. */
function whenOf(item: HistoryItem, locale: Locale, t: ReturnType<typeof useTranslation<"history">>["t"]) {
  // An academy's slots are its weeks' days for the existing client (D224): the weeks below say it here.
  const booked = item.academy_weeks.length > 0 ? [] : item.schedule_slots;
  const slots = booked.map((slot) =>
    slot.date !== null
      ? t("dated", {
          date: formatDate(slot.date, locale),
          start: formatTime(slot.start),
          end: formatTime(slot.end),
        })
      : t("weekly", {
          weekday: weekdayName(weekdayIndexOf(slot.weekday) ?? 0, locale),
          start: formatTime(slot.start),
          end: formatTime(slot.end),
        }),
  );
  const weeks = item.academy_weeks.map((week) =>
    t("week", { from: formatDate(week.starts_on, locale), to: formatDate(week.ends_on, locale) }),
  );
  return [...slots, ...weeks];
}

/** A bought gift card's code, what is left of it and until when (D606), as the payment page promised. */
function GiftCardLines({ card }: { card: HistoryGiftCard }) {
  const { t } = useTranslation("history");
  const locale = useLocale();
  return (
    <>
      <p className="text-base text-slate-800">{t("giftCardCode", { code: card.code })}</p>
      {card.deactivated ? (
        <p className="text-base text-slate-800">{t("giftCardDeactivated")}</p>
      ) : (
        <p className="text-base text-slate-800">
          {t("giftCardBalance", {
            balance: formatEuro(card.balance_cents, locale),
            initial: formatEuro(card.initial_cents, locale),
          })}
          {card.valid_until
            ? ` · ${t(card.valid_until < todayInBerlin() ? "giftCardExpired" : "giftCardValidUntil", { date: formatDate(card.valid_until, locale) })}`
            : null}
        </p>
      )}
    </>
  );
}

/** Items per child in the order of their newest purchase; items without a child (gift cards) last. */
function byChild(items: HistoryItem[]) {
  const groups = new Map<number | null, { name: string | null; items: HistoryItem[] }>();
  for (const item of items) {
    const group = groups.get(item.visitor) ?? { name: item.visitor_name, items: [] };
    group.items.push(item);
    groups.set(item.visitor, group);
  }
  return [...groups.entries()].sort(([a], [b]) => Number(a === null) - Number(b === null));
}

/** The list of bought items (or the empty state), without fetching: the panel below feeds it. */
export function HistoryList({
  items,
  filter,
  CatalogueLink,
  ItemActions,
}: {
  items: HistoryItem[];
  filter: HistoryFilter;
  CatalogueLink: CatalogueLink;
  ItemActions?: ItemActions | undefined;
}) {
  const { t } = useTranslation("history");
  const locale = useLocale();
  if (items.length === 0) {
    return (
      <div className="space-y-4">
        <p>{t(filter === "workshops" ? "emptyWorkshops" : "emptyAll")}</p>
        <CatalogueLink
          to={filter === "workshops" ? "/workshops" : "/courses"}
          className={buttonStyles.primary}
        >
          {t(filter === "workshops" ? "browseWorkshops" : "browseAll")}
        </CatalogueLink>
      </div>
    );
  }
  return (
    <div className="space-y-8">
      {byChild(items).map(([visitor, group]) => {
        const heading = group.name ?? t("noChild");
        return (
          <section
            key={visitor ?? "none"}
            aria-label={group.name ? t("childLabel", { name: group.name }) : heading}
          >
            <h3 className="text-lg font-bold text-slate-900">{heading}</h3>
            {visitor !== null && group.items.some((item) => item.in_calendar) ? (
              <CalendarDownload visitorId={visitor} name={heading} />
            ) : null}
            <ul className="mt-2 divide-y divide-slate-200 rounded-2xl border border-slate-300">
              {group.items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
                  <div className="space-y-1">
                    <p className="font-semibold text-slate-900">{item.product_page.name}</p>
                    <p className="text-base text-slate-800">{item.purchase_option.name}</p>
                    {whenOf(item, locale, t).map((line) => (
                      <p key={line} className="text-base text-slate-800">
                        {line}
                      </p>
                    ))}
                    {item.gift_card ? <GiftCardLines card={item.gift_card} /> : null}
                    <p className="text-sm text-slate-700">
                      {t("bought", { date: formatDate(item.purchased_at, locale) })}
                      {" · "}
                      {t("order", { number: item.order })}
                      {" · "}
                      {item.invoice_number
                        ? t("invoice", { number: item.invoice_number })
                        : t("invoicePending")}
                    </p>
                    <ItemDocuments item={item} />
                    {ItemActions ? <ItemActions item={item} /> : null}
                  </div>
                  <div className="space-y-1 text-right">
                    <p className="font-semibold text-slate-900">
                      <span className="sr-only">{t("price")}: </span>
                      {formatEuro(item.price_cents, locale)}
                    </p>
                    <p>
                      <span className="sr-only">{t("state")}: </span>
                      <StateBadge
                        state={item.state}
                        noticeGiven={
                          item.state === "cancelled" &&
                          item.subscription?.ends_at != null &&
                          new Date(item.subscription.ends_at).getTime() > Date.now()
                        }
                      />
                    </p>
                    <WithdrawButton item={item} />
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/**
 * The profile tabs "workshops" and "sales" (history, spec §2): what each child has booked, when it was
 * bought, its price, state and invoice number, the invoice PDF, the withdrawal (D75) and a calendar file
 * per child (D77).
 */
export function HistoryPanel({
  userKey,
  filter,
  CatalogueLink,
  ItemActions,
}: {
  userKey: string;
  filter: HistoryFilter;
  CatalogueLink: CatalogueLink;
  ItemActions?: ItemActions | undefined;
}) {
  const { t } = useTranslation("history");
  const locale = useLocale();
  const history = useQuery(historyQueryOptions(userKey, filter, locale));
  const headingId = `history-heading-${filter}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {t(filter === "workshops" ? "headingWorkshops" : "headingAll")}
      </h2>
      <p className="max-w-2xl text-base text-slate-800">
        {t(filter === "workshops" ? "introWorkshops" : "intro")}
      </p>
      {history.isPending ? (
        <p role="status">{t("loading")}</p>
      ) : history.isError ? (
        <p role="alert" className="text-red-800">
          {t("loadFailed")}
        </p>
      ) : (
        <HistoryList
          items={history.data}
          filter={filter}
          CatalogueLink={CatalogueLink}
          ItemActions={ItemActions}
        />
      )}
    </section>
  );
}
