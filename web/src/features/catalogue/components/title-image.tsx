import type { CatalogueImage } from "@atelier/contract";

/** A product page's title image: its largest element, so it is fetched first. */
export function TitleImage({ image }: { image: CatalogueImage | null }) {
  if (!image) return null;
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      fetchPriority="high"
      className="h-auto w-full rounded-3xl"
    />
  );
}
