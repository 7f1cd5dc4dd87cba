import { createFileRoute } from "@tanstack/react-router";
import { DetailViewPage } from "../features/catalogue/components/detail-view-page.tsx";

/** A compact view of one offer chosen by `?id=` (an id or slug), e.g. for links from outside the shop. */
export const Route = createFileRoute("/detailView")({
  validateSearch: (search: Record<string, unknown>): { id?: string } => {
    const id = typeof search.id === "number" ? String(search.id) : search.id;
    return typeof id === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(id) ? { id } : {};
  },
  component: DetailViewRoute,
});

function DetailViewRoute() {
  const { id } = Route.useSearch();
  return <DetailViewPage id={id} />;
}
