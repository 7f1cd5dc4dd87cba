import "../i18n.ts";
import {
  type AcademyWeek,
  type Instructor,
  type ProductDetail,
  type ProductType,
  type ScheduleSlot,
  todayInBerlin,
} from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RefundPolicyLine } from "../../../components/refund-policy-line.tsx";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { Markdown } from "../../../components/ui/markdown.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { useCarriedChild } from "../../../lib/child-search.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { laterSeats, nextSession } from "../../../lib/schedule.ts";
import { productDetailOptions } from "../api/products.ts";
import { backToListHref } from "../back-to-list.ts";
import { formatDate, formatTime, slotDay } from "../format.ts";
import { placeNote } from "../place-note.ts";
import { optionPrice, productPrice } from "../pricing.ts";
import { LIST_PATH_OF_TYPE } from "../type-routes.ts";
import { BackToListLink } from "./back-to-list-link.tsx";
import { FaqSection, sectionHeading } from "./faq-section.tsx";
import { GiftCardView } from "./gift-card-view.tsx";
import { LessonSeasonSections } from "./lesson-rules-section.tsx";
import { useNextSessionText } from "./next-session.tsx";
import { PriceTag, VatFootnote } from "./price-tag.tsx";
import { TitleImage } from "./title-image.tsx";

/** Types whose page always has a schedule section (saying so when no dates are set yet). */
const DATED_TYPES: ReadonlySet<ProductType> = new Set(["Course", "Workshop", "Event"]);

/** Everything about one offer. `compact` (the /detailView) leaves out the gallery and links to the full page. */
export function ProductPage({
  id,
  compact = false,
  requestActions,
}: {
  id: string;
  compact?: boolean;
  /** The visit-request buttons beside "book" (handed in by the route: features do not import each other). */
  requestActions?: (product: ProductDetail) => ReactNode;
}) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  const query = useQuery({ ...productDetailOptions(locale, id), placeholderData: keepPreviousData });

  if (query.isPending) return <ProductSkeleton label={t("loading")} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Container className="py-12">
        <h1 className="text-3xl font-extrabold text-slate-900">
          {notFound ? t("product.notFoundHeading") : t("product.loadError")}
        </h1>
        {notFound ? <p className="mt-4 text-lg text-slate-800">{t("product.notFoundText")}</p> : null}
        <div className="mt-6 flex flex-wrap gap-3">
          {notFound ? null : (
            <button type="button" className={buttonStyles.primary} onClick={() => void query.refetch()}>
              {t("retry")}
            </button>
          )}
          <Link to="/courses" className={buttonStyles.secondary}>
            {t("product.allCourses")}
          </Link>
        </div>
      </Container>
    );
  }
  return <ProductView product={query.data} compact={compact} requestActions={requestActions} />;
}

function ProductView({
  product,
  compact,
  requestActions,
}: {
  product: ProductDetail;
  compact: boolean;
  requestActions: ((product: ProductDetail) => ReactNode) | undefined;
}) {
  const { t } = useTranslation("catalogue");
  usePageTitle(product.name);
  // A child chosen on "find an offer for my child" goes on to the booking form (D192).
  const carried = useCarriedChild();
  // "Weiter einkaufen" after adding returns to the list this offer was opened from (issue 32 item 10).
  const listState = useListState(product);
  const image = product.title_image;
  if (product.product_type === "GiftCard") return <GiftCardView product={product} />;
  return (
    // On phones the sticky booking bar covers the page's last 5 rem: the padding keeps the footer readable.
    <article className="pb-20 lg:pb-0">
      <div className="bg-orange-50">
        <Container className="grid gap-6 py-6 sm:py-10 lg:grid-cols-2 lg:items-center lg:gap-8">
          <div>
            <BackToListLink productType={product.product_type} />
            <p className="mt-3 font-semibold text-orange-900">{t(`types.${product.product_type}`)}</p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              {product.name}
            </h1>
            <KeyFacts product={product} />
            <p className="mt-4 text-lg text-slate-800">{product.summary}</p>
            <div className="mt-6 flex flex-wrap items-center gap-3">
              {/* A birthday party is asked for with preferred days (D158), not bought: the request form is in requestActions. */}
              {product.product_type === "BirthdayParty" ? null : (
                <Link
                  to="/product/buy/$id"
                  params={{ id: product.slug }}
                  search={carried}
                  state={listState}
                  className={buttonStyles.primary}
                >
                  {t("product.book")}
                </Link>
              )}
              {requestActions?.(product)}
              {compact ? (
                <Link to="/product/$id" params={{ id: product.slug }} className={buttonStyles.secondary}>
                  {t("detailView.openFull")}
                </Link>
              ) : null}
            </div>
          </div>
          <TitleImage image={image} />
        </Container>
      </div>
      <StickyBookingBar product={product} />

      <Container className="grid gap-12 py-10 lg:grid-cols-3">
        <div className="space-y-12 lg:col-span-2">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className={sectionHeading}>
              {t("product.about")}
            </h2>
            <Markdown source={product.body} className="mt-4" />
          </section>
          {product.program.trim() ? (
            <section aria-labelledby="program-heading">
              <h2 id="program-heading" className={sectionHeading}>
                {t("product.program")}
              </h2>
              <Markdown source={product.program} className="mt-4" />
            </section>
          ) : null}
          {product.schedule_slots.length > 0 || DATED_TYPES.has(product.product_type) ? (
            <ScheduleSection slots={product.schedule_slots} emptyKey={scheduleEmptyKey(product)} />
          ) : null}
          {product.academy_schedule_slots.length > 0 ? (
            <AcademyWeeksSection weeks={product.academy_schedule_slots} />
          ) : null}
          <LessonSeasonSections product={product} />
          {product.closures.length > 0 ? (
            <ClosuresSection closures={product.closures} course={product.product_type === "Course"} />
          ) : null}
          {product.instructors.length > 0 ? <InstructorsSection instructors={product.instructors} /> : null}
          <FaqSection qna={product.qna} />
          {!compact && product.student_works.length > 0 ? (
            <section aria-labelledby="works-heading">
              <h2 id="works-heading" className={sectionHeading}>
                {t("product.studentWorks")}
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {product.student_works.map((work) => (
                  <li key={work.src}>
                    <img
                      src={work.src}
                      alt={work.alt}
                      width={work.width}
                      height={work.height}
                      loading="lazy"
                      decoding="async"
                      className="h-auto w-full rounded-2xl"
                    />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside className="space-y-8">
          <FactsBox product={product} />
          <PricesBox product={product} />
        </aside>
      </Container>
    </article>
  );
}

/**
 * What a parent decides on, right under the title (on a phone within the first screen): age group,
 * language, place, when, price from and seats left.
 */
function KeyFacts({ product }: { product: ProductDetail }) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  const whenText = useNextSessionText();
  const session = nextSession(product, todayInBerlin());
  const price = productPrice(product, locale);
  const facts: { key: string; term: string; value: ReactNode }[] = [
    { key: "age", term: t("product.age"), value: t(`ageGroups.${product.age_group}`) },
    { key: "language", term: t("product.language"), value: t(`languages.${product.language}`) },
  ];
  if (product.house) {
    // The house with its address (D151); a more exact place (a room, the courtyard) follows when it says more.
    const house = product.house;
    const note = placeNote(product.location, house);
    facts.push({
      key: "house",
      term: t("product.house"),
      value: (
        <span data-testid="product-house">
          {house.name}, {house.address}
          {note ? ` (${note})` : ""}
        </span>
      ),
    });
  } else if (product.location)
    facts.push({ key: "location", term: t("product.location"), value: product.location });
  facts.push({
    key: "when",
    term: session?.kind === "date" ? t("product.nextDate") : t("product.when"),
    value: session ? whenText(session) : t(scheduleEmptyKey(product)),
  });
  if (price) {
    facts.push({
      key: "price",
      term: t("product.price"),
      value: <PriceTag price={price} type={product.product_type} noteClassName="block text-xs font-normal" />,
    });
  }
  if (product.refund_days_before !== null) {
    // The offer's refund policy in one line (D142), as the cart and the checkout repeat it.
    facts.push({
      key: "refund",
      term: t("product.cancellation"),
      value: <RefundPolicyLine days={product.refund_days_before} />,
    });
  }
  const later = session?.kind === "date" ? laterSeats(product.schedule_slots, todayInBerlin()) : null;
  if (later) {
    // The next date is full, a later one is not: say which (D143), never "ausgebucht" for the whole offer.
    facts.push({
      key: "seats",
      term: t("product.seats"),
      value: (
        <span data-testid="later-seats">
          <span className="text-red-800">
            {t("product.fullOn", { dates: later.full.map((day) => formatDate(day, locale)).join(", ") })}
          </span>
          {"; "}
          <span className="text-green-800">
            {t("product.seatsOn", { count: later.open.space, date: formatDate(later.open.date, locale) })}
          </span>
        </span>
      ),
    });
  } else if (session && session.space !== null) {
    facts.push({ key: "seats", term: t("product.seats"), value: <SeatsLeft space={session.space} /> });
  }
  return (
    <dl data-testid="key-facts" className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:text-base">
      {facts.map((fact) => (
        <div
          key={fact.key}
          data-fact={fact.key}
          className={fact.key === "when" || fact.key === "refund" || fact.key === "seats" ? "col-span-2" : ""}
        >
          <dt className="font-semibold text-slate-700">{fact.term}</dt>
          <dd className="font-semibold text-slate-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** On phones the price and the booking button stay in reach while the parent reads on. */
function StickyBookingBar({ product }: { product: ProductDetail }) {
  const { t } = useTranslation("catalogue");
  const carried = useCarriedChild();
  // "Weiter einkaufen" after adding returns to the list this offer was opened from (issue 32 item 10).
  const listState = useListState(product);
  const locale = useLocale();
  const price = productPrice(product, locale);
  return (
    <div
      data-testid="sticky-booking-bar"
      data-screen-bottom-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden"
    >
      <Container className="flex items-center justify-between gap-3 py-3">
        {price ? (
          <PriceTag
            price={price}
            type={product.product_type}
            className="min-w-0 leading-tight"
            noteClassName="block text-[0.6875rem] leading-snug text-slate-700"
          />
        ) : (
          <span />
        )}
        {product.product_type === "BirthdayParty" ? null : (
          <Link
            to="/product/buy/$id"
            params={{ id: product.slug }}
            search={carried}
            state={listState}
            className={`${buttonStyles.primary} shrink-0 px-4`}
          >
            {t("product.book")}
          </Link>
        )}
      </Container>
    </div>
  );
}

function FactsBox({ product }: { product: ProductDetail }) {
  const { t } = useTranslation("catalogue");
  const facts: [string, string][] = [
    [t("product.age"), t(`ageGroups.${product.age_group}`)],
    [t("product.language"), t(`languages.${product.language}`)],
  ];
  if (product.category_name) facts.push([t("product.category"), product.category_name]);
  if (product.length) facts.push([t("product.length"), product.length]);
  // With a house the key facts already name the place (and its room) once; only a place without a house shows here.
  if (product.location && !product.house) facts.push([t("product.location"), product.location]);
  return (
    <section aria-labelledby="facts-heading" className="rounded-2xl bg-slate-100 p-6">
      <h2 id="facts-heading" className="text-xl font-bold text-slate-900">
        {t("product.facts")}
      </h2>
      <dl className="mt-4 space-y-3">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm font-semibold text-slate-700">{term}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PricesBox({ product }: { product: ProductDetail }) {
  const { t } = useTranslation("catalogue");
  const carried = useCarriedChild();
  // "Weiter einkaufen" after adding returns to the list this offer was opened from (issue 32 item 10).
  const listState = useListState(product);
  const locale = useLocale();
  if (product.purchase_options.length === 0) return null;
  return (
    <section aria-labelledby="prices-heading" className="rounded-2xl border-2 border-orange-800 p-6">
      <h2 id="prices-heading" className="text-xl font-bold text-slate-900">
        {t("product.prices")}
      </h2>
      <ul className="mt-4 space-y-4">
        {product.purchase_options.map((option) => (
          <li key={option.id} className="border-b border-slate-200 pb-3 last:border-0 last:pb-0">
            <p className="font-semibold text-slate-900">{option.name}</p>
            {option.number_of_meetings ? (
              <p className="text-sm text-slate-700">
                {t("product.meetings", { count: option.number_of_meetings })}
              </p>
            ) : null}
            <PriceTag
              price={optionPrice(option, locale)}
              type={product.product_type}
              className="mt-1 block"
              footnote
            />
          </li>
        ))}
      </ul>
      <VatFootnote types={[product.product_type]} className="mt-4" />
      {product.product_type === "BirthdayParty" ? null : (
        <Link
          to="/product/buy/$id"
          params={{ id: product.slug }}
          search={carried}
          state={listState}
          className={`${buttonStyles.primary} mt-6 w-full`}
        >
          {t("product.book")}
        </Link>
      )}
    </section>
  );
}

/**
 * The house's holidays and closures from today on (D114, D122): no lesson then, a course's subscriptions
 * paused. Only a course has subscriptions: a party's or a workshop's page says the house is closed (D630).
 */
export function ClosuresSection({
  closures,
  course,
}: {
  closures: ProductDetail["closures"];
  course: boolean;
}) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  return (
    <section aria-labelledby="closures-heading" data-testid="product-closures">
      <h2 id="closures-heading" className={sectionHeading}>
        {t("product.closures")}
      </h2>
      <p className="mt-2 text-slate-700">
        {course ? t("product.closuresNote") : t("product.closuresNoteOther")}
      </p>
      <ul className="mt-4 space-y-2">
        {closures.map((closure) => (
          <li key={`${closure.starts_on}-${closure.name}`} className="flex flex-wrap gap-x-3">
            <span className="font-semibold">{closure.name}</span>
            <span>
              {closure.starts_on === closure.ends_on
                ? formatDate(closure.starts_on, locale)
                : `${formatDate(closure.starts_on, locale)} – ${formatDate(closure.ends_on, locale)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SeatsLeft({ space }: { space: number }) {
  const { t } = useTranslation("catalogue");
  return space > 0 ? (
    <span className="text-green-800">{t("product.seatsLeft", { count: space })}</span>
  ) : (
    <span className="font-semibold text-red-800">{t("product.soldOut")}</span>
  );
}

/** The list a buy page's "Weiter einkaufen" returns to, carried in history state as the back link's. */
function useListState(product: ProductDetail) {
  const locale = useLocale();
  const fromList = useRouterState({ select: (state) => state.location.state.catalogueList });
  return { catalogueList: backToListHref(fromList, LIST_PATH_OF_TYPE[product.product_type], locale) };
}

/** A party without fixed dates goes by request (D158): the page says how to ask, not that nothing is planned. */
function scheduleEmptyKey(product: ProductDetail): "product.scheduleOnRequest" | "product.scheduleEmpty" {
  return product.product_type === "BirthdayParty" ? "product.scheduleOnRequest" : "product.scheduleEmpty";
}

function ScheduleSection({
  slots,
  emptyKey,
}: {
  slots: ScheduleSlot[];
  emptyKey: ReturnType<typeof scheduleEmptyKey>;
}) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  return (
    <section aria-labelledby="schedule-heading">
      <h2 id="schedule-heading" className={sectionHeading}>
        {t("product.schedule")}
      </h2>
      {slots.length === 0 ? (
        <p className="mt-4 text-slate-800">{t(emptyKey)}</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {slots.map((slot) => (
            <li key={slot.id} className="rounded-2xl border border-slate-200 p-4">
              <p className="font-semibold text-slate-900">{slotDay(slot, locale) || null}</p>
              <p className="text-slate-800">
                {t("product.time", { start: formatTime(slot.start), end: formatTime(slot.end) })}
              </p>
              {slot.instructor_name ? <p className="text-slate-800">{slot.instructor_name}</p> : null}
              <p className="mt-1 text-sm">
                <SeatsLeft space={slot.space} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AcademyWeeksSection({ weeks }: { weeks: AcademyWeek[] }) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  return (
    <section aria-labelledby="weeks-heading">
      <h2 id="weeks-heading" className={sectionHeading}>
        {t("product.academyWeeks")}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {weeks.map((week) => (
          <li key={week.id} className="rounded-2xl border border-slate-200 p-4">
            <p className="text-sm font-semibold text-orange-900">{week.season_name}</p>
            <p className="font-semibold text-slate-900">
              {t("product.week", {
                start: formatDate(week.starts_on, locale),
                end: formatDate(week.ends_on, locale),
              })}
            </p>
            <p className="mt-1 text-sm">
              <SeatsLeft space={week.space} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function InstructorsSection({ instructors }: { instructors: Instructor[] }) {
  const { t } = useTranslation("catalogue");
  return (
    <section aria-labelledby="instructors-heading">
      <h2 id="instructors-heading" className={sectionHeading}>
        {t("product.instructors")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {instructors.map((instructor) => (
          <li key={instructor.id} className="flex items-center gap-4 rounded-2xl border border-slate-200 p-4">
            {instructor.photo ? (
              <img
                src={instructor.photo}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                decoding="async"
                className="size-16 shrink-0 rounded-full"
              />
            ) : null}
            <div>
              <Link
                to="/instructor/$id"
                params={{ id: instructor.slug }}
                className="font-semibold text-slate-900 underline underline-offset-2 hover:text-orange-900"
              >
                {instructor.first_name} {instructor.last_name}
              </Link>
              <p className="text-sm text-slate-700">{instructor.job}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Reserves the hero and the text columns while the offer loads. */
function ProductSkeleton({ label }: { label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true" className="bg-orange-50">
        <Container className="grid gap-8 py-8 sm:py-10 lg:grid-cols-2 lg:items-center">
          <div className="space-y-4">
            <div className="h-4 w-32 rounded bg-orange-100" />
            <div className="h-12 w-3/4 rounded bg-orange-100" />
            <div className="h-5 w-full rounded bg-orange-100" />
            <div className="h-5 w-5/6 rounded bg-orange-100" />
            <div className="h-11 w-40 rounded-full bg-orange-100" />
          </div>
          <div className="aspect-[3/2] w-full animate-pulse rounded-3xl bg-orange-100 motion-reduce:animate-none" />
        </Container>
      </div>
      <Container aria-hidden="true" className="grid gap-12 py-10 lg:grid-cols-3">
        <div className="space-y-3 lg:col-span-2">
          <div className="h-7 w-48 rounded bg-slate-200" />
          <div className="h-4 w-full rounded bg-slate-200" />
          <div className="h-4 w-full rounded bg-slate-200" />
          <div className="h-4 w-2/3 rounded bg-slate-200" />
        </div>
        <div className="h-64 rounded-2xl bg-slate-100" />
      </Container>
    </div>
  );
}
