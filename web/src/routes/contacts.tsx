import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/contacts")({
  component: ContactsPage,
});

function ContactsPage() {
  return <PlaceholderPage pageKey="contacts" />;
}
