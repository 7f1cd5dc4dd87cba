import { createFileRoute } from "@tanstack/react-router";
import { CancelContractPage } from "../features/contracts/components/cancel-contract-page.tsx";
import { useSession } from "../lib/session.ts";

/** `?item=` preselects a contract (the profile's link); anything else is ignored. */
function parseSearch(search: Record<string, unknown>): { item?: number } {
  const item = Number(search.item);
  return Number.isInteger(item) && item > 0 && item < 2_147_483_648 ? { item } : {};
}

export const Route = createFileRoute("/vertraege-kuendigen")({
  validateSearch: parseSearch,
  component: CancelContractsRoute,
});

/** "Verträge hier kündigen" (§ 312k BGB, D73): open to everyone, no sign-in. */
function CancelContractsRoute() {
  const { item } = Route.useSearch();
  const session = useSession();
  return <CancelContractPage session={session} {...(item ? { preselect: item } : {})} />;
}
