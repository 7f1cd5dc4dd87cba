// The school's instructors as Wagtail instructor pages: an item of the list and the page of one, with the
// products they teach in.
import type { Instructor, Locale } from "@atelier/contract";
import { markdownToHtml } from "./html.ts";
import { card } from "./product-pages.ts";
import { block, meta, TEXTS, type WagtailContext } from "./wagtail.context.ts";

export function instructorItem({ image }: WagtailContext, person: Instructor, locale: Locale) {
  const name = `${person.first_name} ${person.last_name}`;
  return {
    id: person.id,
    meta: meta("instructors.InstructorPage", `instructors/${person.id}`, person.slug, locale),
    slug: person.slug,
    name,
    speciality: person.job || person.subject,
    title_image: image(person.photo, name),
  };
}

export async function instructorDetail(ctx: WagtailContext, idOrSlug: string, locale: Locale) {
  const person = await ctx.catalogue.getInstructor(idOrSlug, locale);
  const item = instructorItem(ctx, person, locale);
  return {
    ...item,
    description: markdownToHtml(person.bio),
    gallery_images: item.title_image ? [{ image: item.title_image }] : [],
    body: [
      block(
        "teaches_in",
        { heading: TEXTS.teachesIn[locale], cards: person.products.map((p) => card(ctx, p, locale)) },
        "teaches_in",
      ),
    ],
  };
}
