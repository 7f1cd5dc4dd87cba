import { createFileRoute } from "@tanstack/react-router";
import { ContactsPage } from "../features/contact/components/contacts-page.tsx";

export const Route = createFileRoute("/contacts")({
  component: ContactsPage,
});
