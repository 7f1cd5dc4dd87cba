import QRCode from "qrcode";
import { renderGiftCardPdf } from "../gift-cards/index.ts";
import type { Seller } from "../invoices/index.ts";
import { type InvoiceForPdf, renderInvoicePdf } from "../invoices/index.ts";

/** The CPU-heavy part of a mail's attachments: plain data in, bytes out, so it can run in a thread. */
export type RenderTask =
  | { kind: "invoice-pdf"; invoice: InvoiceForPdf; seller: Seller }
  | {
      kind: "gift-card-pdf";
      card: Parameters<typeof renderGiftCardPdf>[0];
      school: Parameters<typeof renderGiftCardPdf>[1];
    }
  | { kind: "qr-png"; text: string };

export async function runRenderTask(task: RenderTask): Promise<Uint8Array> {
  switch (task.kind) {
    case "invoice-pdf":
      return renderInvoicePdf(task.invoice, task.seller);
    case "gift-card-pdf":
      return renderGiftCardPdf(task.card, task.school);
    case "qr-png":
      return QRCode.toBuffer(task.text, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 320 });
  }
}

/** Runs a task; the inline one shares the event loop with requests, the thread's does not. */
export type RenderBackend = { run(task: RenderTask): Promise<Uint8Array>; close(): Promise<void> };

export const renderInline: RenderBackend = { run: runRenderTask, close: async () => {} };
