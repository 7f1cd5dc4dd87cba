import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "../features/placeholder/components/placeholder-page.tsx";

export const Route = createFileRoute("/QrCodeScanner")({
  component: QrCodeScannerPage,
});

function QrCodeScannerPage() {
  return <PlaceholderPage pageKey="qrCodeScanner" />;
}
