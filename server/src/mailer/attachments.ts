import type { DbOrTx, MailAttachmentRef } from "../db/index.ts";
import { findGiftCard } from "../gift-cards/index.ts";
import type { Seller } from "../invoices/index.ts";
import { checkinUrl, findInvoice } from "../invoices/index.ts";
import type { AttachmentRenderer, RenderedAttachment } from "../mail/index.ts";
import { type RenderBackend, renderInline } from "./render-tasks.ts";

export type AttachmentSources = {
  db: DbOrTx;
  seller: Seller;
  /** The shop's origin: a check-in QR code encodes `${publicUrl}/QrCodeScanner?code=${code}`. */
  publicUrl: string;
  /** Where PDFs and QR codes are drawn: inline by default, a worker thread in the server (render-thread.ts). */
  backend?: RenderBackend;
};

export function createAttachmentRenderer(sources: AttachmentSources): AttachmentRenderer {
  const backend = sources.backend ?? renderInline;
  async function render(ref: MailAttachmentRef): Promise<RenderedAttachment> {
    switch (ref.kind) {
      case "invoice-pdf": {
        const invoice = await findInvoice(sources.db, ref.invoiceId);
        if (!invoice) throw new Error(`attachment: invoice ${ref.invoiceId} not found`);
        // The seller frozen at issue time wins over today's settings (an invoice never changes).
        const pdf = await backend.run({
          kind: "invoice-pdf",
          invoice,
          seller: invoice.data.seller ?? sources.seller,
        });
        return { filename: ref.filename, content: Buffer.from(pdf), contentType: "application/pdf" };
      }
      case "checkin-qr": {
        const png = await backend.run({ kind: "qr-png", text: checkinUrl(sources.publicUrl, ref.code) });
        return { filename: ref.filename, content: Buffer.from(png), contentType: "image/png", cid: ref.cid };
      }
      case "gift-card-pdf": {
        const card = await findGiftCard(sources.db, ref.giftCardId);
        if (!card) throw new Error(`attachment: gift card ${ref.giftCardId} not found`);
        const pdf = await backend.run({
          kind: "gift-card-pdf",
          card: {
            code: card.code,
            balanceCents: card.balanceCents,
            expiresAt: card.expiresAt,
            locale: card.locale,
            recipientName: card.recipientName,
            message: card.message,
          },
          school: {
            legalName: sources.seller.legalName,
            address: sources.seller.address,
            publicUrl: sources.publicUrl,
          },
        });
        return { filename: ref.filename, content: Buffer.from(pdf), contentType: "application/pdf" };
      }
    }
  }
  // One after the other: one thread draws them, and a mail's files are few.
  return async (refs) => {
    const rendered: RenderedAttachment[] = [];
    for (const ref of refs) rendered.push(await render(ref));
    return rendered;
  };
}
