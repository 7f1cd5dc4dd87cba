// @vitest-environment jsdom
import { STORAGE_KEYS } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInLocale } from "../../test/render.tsx";
import { MenuPage } from "./menu-page.tsx";

/** /menu on a router of its own, as the header's menu button opens it. */
async function openMenu(locale: "de" | "ru") {
  const root = createRootRoute();
  const menu = createRoute({ getParentRoute: () => root, path: "/menu", component: MenuPage });
  const router = createRouter({
    routeTree: root.addChildren([menu]),
    history: createMemoryHistory({ initialEntries: ["/menu"] }),
  });
  await router.load();
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    locale,
  );
  return screen.findByRole("heading", { level: 1 });
}

afterEach(() => localStorage.clear());

describe("/menu's way to the account (D488)", () => {
  it("offers a guest the sign-in", async () => {
    await openMenu("de");
    expect(screen.getByRole("link", { name: "Anmelden" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByRole("link", { name: "Mein Profil" })).toBeNull();
  });

  it("offers a signed-in parent the profile, not a sign-in", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "token-of-paula");
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ pk: 5, email: "paula@example.org" }));
    await openMenu("ru");
    expect(screen.getByRole("link", { name: "Мой профиль" }).getAttribute("href")).toBe("/profile");
    expect(screen.queryByRole("link", { name: "Войти" })).toBeNull();
  });
});
