// @vitest-environment jsdom
import type { Locale, ProductType } from "@atelier/contract";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  retainSearchParams,
  useRouterState,
} from "@tanstack/react-router";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import { BackToListLink } from "./back-to-list-link.tsx";

function ListPage() {
  const href = useRouterState({ select: (state) => state.location.href });
  return <h1>{`Liste ${href}`}</h1>;
}

/**
 * An offer's page on a router of its own, reached as `entry`, with the lists it may go back to; the root
 * keeps `?locale=` on its links as the shop's root route does.
 */
async function openOffer(entry: string, productType: ProductType, locale: Locale, list?: string) {
  const root = createRootRoute({
    component: Outlet,
    search: { middlewares: [retainSearchParams(["locale"])] },
  });
  const offer = createRoute({
    getParentRoute: () => root,
    path: "/product/$id",
    component: () => <BackToListLink productType={productType} />,
  });
  const lists = ["/workshops", "/giftcards", "/courses"].map((path) =>
    createRoute({ getParentRoute: () => root, path, component: ListPage }),
  );
  const router = createRouter({
    routeTree: root.addChildren([offer, ...lists]),
    history: createMemoryHistory({ initialEntries: ["/courses"] }),
  });
  await router.load();
  await router.navigate({ href: entry, state: list ? { catalogueList: list } : {} });
  renderInLocale(<RouterProvider router={router} />, locale);
  return router;
}

describe('"Zurück zur Übersicht" keeps the page\'s language', () => {
  it("leads a Russian parent who came straight to an offer to the Russian list", async () => {
    const router = await openOffer("/product/toepfern?locale=ru", "Workshop", "ru");
    const back = await screen.findByRole("link", { name: "Назад к списку" });
    // The address itself says it: a new tab or a browser without the language cookie opens it in Russian.
    expect(back.getAttribute("href")).toBe("/workshops?locale=ru");

    await userEvent.setup().click(back);
    expect(await screen.findByRole("heading", { name: "Liste /workshops?locale=ru" })).toBeTruthy();
    expect(router.state.location.search).toEqual({ locale: "ru" });
  });

  it("leads back from a gift card to the vouchers in Russian", async () => {
    await openOffer("/product/gutschein?locale=ru", "GiftCard", "ru");
    expect((await screen.findByRole("link", { name: "Назад к списку" })).getAttribute("href")).toBe(
      "/giftcards?locale=ru",
    );
  });

  it("returns to the filtered list it came from, in the language of the page", async () => {
    await openOffer("/product/malen?locale=de", "Course", "de", "/courses?age_group=8-11&language=ru");
    expect((await screen.findByRole("link", { name: "Zurück zur Übersicht" })).getAttribute("href")).toBe(
      "/courses?age_group=8-11&language=ru&locale=de",
    );
  });
});
