import QRCode, { type QRCodeToBufferOptions } from "qrcode";
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

/**
 * The check-in QR code as a PNG: 320 px wide, correction level M. Each row is written with PNG's Paeth
 * filter instead of pngjs's default of trying all five filters per row and keeping the smallest: the
 * file is as small (2.8 KB), and drawing it takes about 3 ms of CPU instead of 7 (D458). The options are
 * made anew for each code, as qrcode writes the image's size into `rendererOpts`.
 */
export function checkinQrPng(text: string): Promise<Buffer> {
  const rendererOpts: PngOptions = { filterType: 4 };
  return QRCode.toBuffer(text, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    width: 320,
    rendererOpts,
  });
}

/** qrcode hands `rendererOpts` to pngjs whole; its types name only two of pngjs's options. */
type PngOptions = NonNullable<QRCodeToBufferOptions["rendererOpts"]> & { filterType?: number };

export async function runRenderTask(task: RenderTask): Promise<Uint8Array> {
  switch (task.kind) {
    case "invoice-pdf":
      return renderInvoicePdf(task.invoice, task.seller);
    case "gift-card-pdf":
      return renderGiftCardPdf(task.card, task.school);
    case "qr-png":
      return checkinQrPng(task.text);
  }
}

/** Runs a task; the inline one shares the event loop with requests, the thread's does not. */
export type RenderBackend = { run(task: RenderTask): Promise<Uint8Array>; close(): Promise<void> };

export const renderInline: RenderBackend = { run: runRenderTask, close: async () => {} };
