import { createFileRoute } from "@tanstack/react-router";
import { LegalIndexPage } from "../../features/content/components/legal-index-page.tsx";

export const Route = createFileRoute("/legals/indexPop")({
  component: LegalIndexPage,
});
