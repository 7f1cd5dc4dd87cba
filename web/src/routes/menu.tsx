import { createFileRoute } from "@tanstack/react-router";
import { MenuPage } from "../app/layout/menu-page.tsx";

export const Route = createFileRoute("/menu")({
  component: MenuPage,
});
