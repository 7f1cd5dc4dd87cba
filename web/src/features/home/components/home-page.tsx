import { type AgeGroup, PAGE_TITLES, type Product, SITE_NAME, todayInBerlin } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { formatDate, formatTime, weekdayName } from "../../../lib/format.ts";
import { productPrice } from "../../../lib/pricing.ts";
import { type NextSession, nextSession } from "../../../lib/schedule.ts";
import { type VatNoteKey, vatNoteKey } from "../../../lib/vat.ts";
import { FEATURED_TYPES, homeInstructorsOptions, homeProductsOptions } from "../api/home-data.ts";

// A plain list rather than the contract's AGE_GROUPS: the home page imports only types from the catalogue contract.
const AGE_GROUPS: readonly AgeGroup[] = ["5-7", "8-11", "10+", "12+", "14+"];

const LIST_PATHS = {
  Course: "/courses",
  Academy: "/academies",
  Workshop: "/workshops",
  Event: "/events",
} as const;
const LIST_KEYS = {
  Course: "courses",
  Academy: "academies",
  Workshop: "workshops",
  Event: "events",
} as const;

const SOCIAL_LINKS = [
  { key: "socialTikTok", href: "https://www.tiktok.com/@atelier.berlin" },
  { key: "socialYouTube", href: "https://www.youtube.com/@atelier.berlin" },
  { key: "socialInstagram", href: "https://www.instagram.com/atelier.berlin" },
  { key: "socialFacebook", href: "https://www.facebook.com/atelier.berlin" },
] as const;

const sectionHeading = "text-2xl font-bold text-slate-900 sm:text-3xl";

export function HomePage() {
  const { t } = useTranslation("home");
  const locale = useLocale();
  return (
    <>
      <section className="bg-orange-50">
        <Container className="py-14 sm:py-20">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {SITE_NAME[locale]}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-800">{t("welcome")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/useAgeFilter" className={buttonStyles.primary}>
              {t("ageFinder")}
            </Link>
            <Link to="/courses" className={buttonStyles.secondary}>
              {t("allCourses")}
            </Link>
          </div>
        </Container>
      </section>
      <FeaturedSection />
      <AgeGroupsSection />
      <InstructorsTeaser />
      <Container className="py-12">
        <h2 className={sectionHeading}>{t("socialHeading")}</h2>
        <p className="mt-2 text-slate-800">{t("socialText")}</p>
        <ul className="mt-4 flex flex-wrap gap-3">
          {SOCIAL_LINKS.map((social) => (
            <li key={social.key}>
              <a
                href={social.href}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonStyles.secondary}
              >
                {t(social.key)} <span className="sr-only">{t("opensNewTab")}</span>
              </a>
            </li>
          ))}
        </ul>
      </Container>
    </>
  );
}

function FeaturedSection() {
  const { t } = useTranslation("home");
  const locale = useLocale();
  const query = useQuery(homeProductsOptions(locale));
  return (
    <Container className="py-12">
      <h2 className={sectionHeading}>{t("featuredHeading")}</h2>
      {query.isError ? <p className="mt-4 text-slate-800">{t("featuredError")}</p> : null}
      {FEATURED_TYPES.map((type) => {
        const products = query.data?.get(type);
        if (query.isSuccess && !products) return null;
        return (
          <section key={type} aria-labelledby={`featured-${type}`} className="mt-10">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id={`featured-${type}`} className="text-xl font-bold text-slate-900">
                {t(`typesPlural.${type}`)}
              </h3>
              <Link
                to={LIST_PATHS[type]}
                className="font-semibold text-orange-900 underline underline-offset-2 hover:text-orange-950"
              >
                {t("seeAll", { type: PAGE_TITLES[LIST_KEYS[type]][locale] })}
              </Link>
            </div>
            <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={query.isPending}>
              {products
                ? products.map((product) => (
                    <li key={product.id}>
                      <FeaturedCard product={product} />
                    </li>
                  ))
                : query.isPending
                  ? [0, 1, 2].map((index) => (
                      <li
                        key={index}
                        aria-hidden="true"
                        className="overflow-hidden rounded-2xl border border-slate-200"
                      >
                        <div className="aspect-[3/2] bg-slate-100" />
                        <div className="space-y-3 p-5">
                          <div className="h-6 w-2/3 rounded bg-slate-200" />
                          <div className="h-4 w-full rounded bg-slate-200" />
                          <div className="h-4 w-5/6 rounded bg-slate-200" />
                        </div>
                      </li>
                    ))
                  : null}
            </ul>
          </section>
        );
      })}
      {query.isSuccess ? <TeaserVatFootnote /> : null}
    </Container>
  );
}

function FeaturedCard({ product }: { product: Product }) {
  const { t } = useTranslation("home");
  const locale = useLocale();
  const whenText = useWhenText();
  const image = product.title_image;
  const session = nextSession(product, todayInBerlin());
  const price = productPrice(product, locale);
  const amount = price?.monthly ? t("perMonth", { price: price.amount }) : price?.amount;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-orange-800 hover:shadow-md">
      <div className="aspect-[3/2] bg-slate-100">
        {image ? (
          <img
            src={image.src}
            alt=""
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h4 className="text-lg font-bold text-slate-900">
          <Link
            to="/product/$id"
            params={{ id: product.slug }}
            className="after:absolute after:inset-0 focus:outline-none"
          >
            {product.name}
          </Link>
        </h4>
        <p className="text-slate-800">{product.summary}</p>
        <p className="mt-auto pt-2 text-sm text-slate-700">
          {t(`ageGroups.${product.age_group}`)} · {t(`languages.${product.language}`)}
        </p>
        {session ? <p className="text-sm font-semibold text-slate-900">{whenText(session)}</p> : null}
        {price ? (
          <p className="font-bold text-slate-900">
            {price.from ? t("priceFrom", { price: amount }) : amount}
            <span aria-hidden="true">*</span>
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** When a teaser's offer takes place next, in the home page's own texts (it loads no catalogue texts). */
function useWhenText() {
  const { t } = useTranslation("home");
  const locale = useLocale();
  return (session: NextSession) => {
    if (session.kind === "weeks") {
      return t("when.weeks", {
        start: formatDate(session.startsOn, locale),
        end: formatDate(session.endsOn, locale),
      });
    }
    const time = t("when.time", { start: formatTime(session.start), end: formatTime(session.end) });
    if (session.kind === "date") return t("when.date", { date: formatDate(session.date, locale), time });
    return t("when.weekly", { weekday: weekdayName(session.weekday, locale), time });
  };
}

/** PAngV: the teasers' prices are final prices; the VAT note of each kind of offer is given once, below. */
function TeaserVatFootnote() {
  const { t } = useTranslation("home");
  const byNote = new Map<VatNoteKey, string[]>();
  for (const type of FEATURED_TYPES) {
    byNote.set(vatNoteKey(type), [...(byNote.get(vatNoteKey(type)) ?? []), t(`typesPlural.${type}`)]);
  }
  return (
    <div className="mt-8 text-sm text-slate-700">
      {[...byNote].map(([note, types]) => (
        <p key={note}>
          * {types.join(", ")}: {t(note)}
        </p>
      ))}
    </div>
  );
}

function AgeGroupsSection() {
  const { t } = useTranslation("home");
  return (
    <section className="bg-slate-100">
      <Container className="py-12">
        <h2 className={sectionHeading}>{t("ageHeading")}</h2>
        <p className="mt-2 text-slate-800">{t("ageText")}</p>
        <ul className="mt-6 flex flex-wrap gap-3">
          {AGE_GROUPS.map((group) => (
            <li key={group}>
              <Link
                to="/courses"
                search={{ age_group: group }}
                aria-label={t("ageLink", { group: t(`ageGroups.${group}`) })}
                className="inline-flex rounded-full bg-white px-5 py-3 text-lg font-bold text-orange-900 shadow-sm hover:bg-orange-50"
              >
                {t(`ageGroups.${group}`)}
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function InstructorsTeaser() {
  const { t } = useTranslation("home");
  const locale = useLocale();
  const query = useQuery(homeInstructorsOptions(locale));
  const instructors = query.data?.slice(0, 4);
  return (
    <Container className="py-12">
      <h2 className={sectionHeading}>{t("instructorsHeading")}</h2>
      <p className="mt-2 text-slate-800">{t("instructorsText")}</p>
      <ul className="mt-6 grid min-h-48 grid-cols-2 gap-6 lg:grid-cols-4">
        {(instructors ?? []).map((instructor) => (
          <li key={instructor.id} className="text-center">
            {instructor.photo ? (
              <img
                src={instructor.photo}
                alt=""
                width={128}
                height={128}
                loading="lazy"
                decoding="async"
                className="mx-auto size-32 rounded-full"
              />
            ) : null}
            <Link
              to="/instructor/$id"
              params={{ id: instructor.slug }}
              className="mt-3 block font-semibold text-slate-900 underline underline-offset-2 hover:text-orange-900"
            >
              {instructor.first_name} {instructor.last_name}
            </Link>
            <p className="text-sm text-slate-700">{instructor.job}</p>
          </li>
        ))}
      </ul>
      <Link to="/instructors" className={`${buttonStyles.secondary} mt-8`}>
        {t("instructorsAll")}
      </Link>
    </Container>
  );
}
