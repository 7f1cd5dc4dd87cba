import { createFileRoute } from "@tanstack/react-router";
import { parseCheckinSearch } from "../features/checkin/checkin-search.ts";
import { CheckinPage } from "../features/checkin/components/checkin-page.tsx";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/QrCodeScanner")({
  validateSearch: parseCheckinSearch,
  component: QrCodeScannerPage,
});

/** With `?code=` (a booking's QR code, D57): the check-in; without: the camera scanner is not built yet. */
function QrCodeScannerPage() {
  const { code } = Route.useSearch();
  return code ? <CheckinPage code={code} /> : <PlaceholderPage pageKey="qrCodeScanner" />;
}
