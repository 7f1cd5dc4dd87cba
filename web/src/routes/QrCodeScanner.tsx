import { createFileRoute } from "@tanstack/react-router";
import { parseCheckinSearch } from "../features/checkin/checkin-search.ts";
import { CheckinPage } from "../features/checkin/components/checkin-page.tsx";
import { DoorCheck } from "../features/checkin/components/door-check.tsx";

export const Route = createFileRoute("/QrCodeScanner")({
  validateSearch: parseCheckinSearch,
  component: QrCodeScannerPage,
});

/** With `?code=` (a booking's QR code opened by a phone's camera, D57): that booking; without: the door (D109). */
function QrCodeScannerPage() {
  const { code } = Route.useSearch();
  return code ? <CheckinPage code={code} /> : <DoorCheck />;
}
