import { createFileRoute } from "@tanstack/react-router";
import { AboutUsPage } from "../features/content/components/about-us-page.tsx";

export const Route = createFileRoute("/about-us")({
  component: AboutUsPage,
});
