// Products as Wagtail product pages: the card of a list and the detail of one product, in the fields the
// existing client reads (api-shapes Part 2; add, don't rename).
import {
  type Instructor,
  type Locale,
  type Product,
  type ProductDetail,
  type PurchaseOption,
  slotWeekdayName,
  WAGTAIL_LANGUAGE_OF,
  type WagtailImage,
  type WagtailProductCard,
  type WagtailProductDetail,
} from "@atelier/contract";
import { markdownBlocks, markdownToHtml, markdownToPlain } from "./html.ts";
import { BASE, catalogId, meta, type WagtailContext } from "./wagtail.context.ts";

const hhmmss = (time: string) => (time.length === 5 ? `${time}:00` : time);

export function card({ image }: WagtailContext, product: Product, locale: Locale): WagtailProductCard {
  const title = product.title_image
    ? image(product.title_image.src, product.title_image.alt || product.name)
    : null;
  const units = product.schedule_slots.map((slot) => slot.space);
  return {
    id: product.id,
    meta: meta("products.ProductPage", `products/${product.id}`, product.slug, locale),
    slug: product.slug,
    name: product.name,
    title: product.name,
    product_type: product.product_type,
    age_group: product.age_group,
    // The client's key (`de/ru` where ours is `de-ru`): it looks it up in its own translations.
    language: WAGTAIL_LANGUAGE_OF[product.language],
    // Our own code and id beside the client's fields (add, don't rename).
    language_code: product.language,
    // The client shows `category` as it is: the category's name (issue 31 item 16).
    category: product.category_name,
    category_id: product.category,
    current_status: units.length > 0 && units.every((space) => space === 0) ? "sold_out" : "available",
    title_image: title,
    // A card shows its background behind the title image; our cards have the one picture.
    background_image: title,
    catalog: {
      id: catalogId(product.product_type),
      meta: { detail_url: `${BASE}/catalog/${catalogId(product.product_type)}/` },
    },
    schedule_slots: product.schedule_slots.map((slot) => ({
      id: slot.id,
      weekday: slotWeekdayName(slot),
      date: slot.date,
      start: hhmmss(slot.start),
      end: hhmmss(slot.end),
      space: String(slot.space),
    })),
  };
}

/**
 * The client writes "€" after a price itself (issue 31 item 14, D212): `price_text` is the same decimal
 * as `base_price`, never a formatted "79,00 € pro Monat".
 */
export const purchaseOption = (option: PurchaseOption) => ({
  id: option.id,
  title: option.name,
  icon: null,
  bullet_points: [],
  price_text: option.base_price,
  base_price: option.base_price,
  schedule_type: option.schedule_type,
});

export const tutor = ({ image }: WagtailContext, person: Instructor) => {
  const photo = image(person.photo, `${person.first_name} ${person.last_name}`);
  return {
    id: person.id,
    instructor: { first_name: person.first_name, last_name: person.last_name },
    name: `${person.first_name} ${person.last_name}`,
    subject: person.subject,
    slug: person.slug,
    profile_pic: photo?.id ?? null,
    title_image: photo,
  };
};

export function detail(
  ctx: WagtailContext,
  product: ProductDetail,
  locale: Locale,
  plainSeo = false,
): WagtailProductDetail {
  const { image } = ctx;
  const base = card(ctx, product, locale);
  const background = product.background_image
    ? image(product.background_image.src, product.background_image.alt || product.name)
    : base.title_image;
  return {
    ...base,
    background_image: background,
    seo_text: plainSeo ? markdownToPlain(product.seo_text) : markdownToHtml(product.seo_text),
    length: product.length,
    purchase_options: product.purchase_options.map(purchaseOption),
    // The week's id is its number for the existing client: it sends it back as `academy_weeks` (D93).
    academy_schedule_slots: product.academy_schedule_slots.map((week) => ({
      week_number: week.id,
      starts_on: week.starts_on,
      ends_on: week.ends_on,
      space: String(week.space),
    })),
    body: [
      { type: "heading", value: product.name, id: `${product.id}-heading` },
      {
        type: "about",
        value: [{ title: product.summary, image: base.title_image, paragraph: markdownToHtml(product.body) }],
        id: `${product.id}-about`,
      },
    ],
    program: programEntries(product.program),
    student_works: product.student_works.map((work) => {
      const icon = image(work.src, work.alt) as WagtailImage;
      return { id: icon.id, icon, name: work.alt };
    }),
    qna: product.qna.map((entry, index) => ({
      id: index + 1,
      question: entry.question,
      answer: markdownToHtml(entry.answer),
    })),
    instructors: product.instructors.map((person) => tutor(ctx, person)),
  };
}

/**
 * The programme as text the client shows as it is (issue 31 item 4, D211): one entry per paragraph and per
 * list item, a `## heading` the title of the entry after it, no markup.
 */
function programEntries(source: string) {
  const entries: { id: number; title: string; icon: null; text: string }[] = [];
  let title = "";
  const push = (text: string) => {
    entries.push({ id: entries.length + 1, title, icon: null, text: text.replace(/\*\*(.+?)\*\*/g, "$1") });
    title = "";
  };
  for (const block of markdownBlocks(source)) {
    if (block.kind === "heading") {
      if (title) push("");
      title = block.text.replace(/\*\*(.+?)\*\*/g, "$1");
    } else if (block.kind === "list") for (const item of block.items) push(item);
    else if (block.kind === "table") push(markdownToPlain(block.rows.join("\n")));
    else push(block.lines.join("\n"));
  }
  if (title) push("");
  return entries;
}
