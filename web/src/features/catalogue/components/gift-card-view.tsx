import "../i18n.ts";
import type { ProductDetail } from "@atelier/contract";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonStyles } from "../../../components/ui/button-styles.ts";
import { Container } from "../../../components/ui/container.tsx";
import { Markdown } from "../../../components/ui/markdown.tsx";
import { useLocale } from "../../../i18n/use-locale.ts";
import { optionPrice } from "../pricing.ts";
import { BackToListLink } from "./back-to-list-link.tsx";
import { FaqSection, sectionHeading } from "./faq-section.tsx";
import { PriceTag, VatFootnote } from "./price-tag.tsx";
import { TitleImage } from "./title-image.tsx";

/**
 * A gift card's page: a voucher has no age group, teacher, place or programme, so it shows what a giver
 * decides on instead: the amounts, how the code is redeemed and how long it is valid.
 */
export function GiftCardView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation("catalogue");
  const locale = useLocale();
  const image = product.title_image;
  return (
    <article>
      <div className="bg-orange-50">
        <Container className="grid gap-6 py-6 sm:py-10 lg:grid-cols-2 lg:items-center lg:gap-8">
          <div>
            <BackToListLink productType="GiftCard" />
            <p className="mt-3 font-semibold text-orange-900">{t("types.GiftCard")}</p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              {product.name}
            </h1>
            <p className="mt-4 text-lg text-slate-800">{product.summary}</p>
          </div>
          <TitleImage image={image} />
        </Container>
      </div>
      <Container className="space-y-12 py-10">
        <section aria-labelledby="amounts-heading">
          <h2 id="amounts-heading" className={sectionHeading}>
            {t("giftCard.amounts")}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {product.purchase_options.map((option) => (
              <li
                key={option.id}
                className="flex flex-col items-center gap-1 rounded-2xl border-2 border-orange-800 bg-white p-5 text-center"
              >
                <PriceTag
                  price={optionPrice(option, locale)}
                  type={product.product_type}
                  className="text-2xl"
                  footnote
                />
                <span className="text-sm text-slate-700">{option.name}</span>
              </li>
            ))}
          </ul>
          <VatFootnote types={["GiftCard"]} className="mt-3" />
          <Link
            to="/product/buy/$id"
            params={{ id: product.slug }}
            className={`${buttonStyles.primary} mt-6`}
          >
            {t("giftCard.buy")}
          </Link>
        </section>
        <div className="grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="redeem-heading" className="rounded-2xl bg-slate-100 p-6">
            <h2 id="redeem-heading" className={sectionHeading}>
              {t("giftCard.redeemHeading")}
            </h2>
            <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-800">
              <li>{t("giftCard.redeemStep1")}</li>
              <li>{t("giftCard.redeemStep2")}</li>
              <li>{t("giftCard.redeemStep3")}</li>
            </ol>
          </section>
          <section aria-labelledby="validity-heading" className="rounded-2xl bg-slate-100 p-6">
            <h2 id="validity-heading" className={sectionHeading}>
              {t("giftCard.validityHeading")}
            </h2>
            {product.length ? <p className="mt-4 font-semibold text-slate-900">{product.length}</p> : null}
            <p className="mt-2 text-slate-800">{t("giftCard.validityText")}</p>
          </section>
        </div>
        {product.body.trim() ? (
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className={sectionHeading}>
              {t("giftCard.about")}
            </h2>
            <Markdown source={product.body} className="mt-4" />
          </section>
        ) : null}
        <FaqSection qna={product.qna} />
      </Container>
    </article>
  );
}
