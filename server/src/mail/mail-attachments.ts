import type { DbOrTx } from "../db/client.ts";
import type { MailAttachmentRef } from "../db/schema/mail.ts";
import { findGiftCard } from "../gift-cards/gift-cards.repository.ts";
import { checkinUrl } from "../invoices/checkin-code.ts";
import { findInvoice } from "../invoices/invoices.repository.ts";
import type { Seller } from "../invoices/seller.ts";
import { type RenderBackend, renderInline } from "./render-tasks.ts";

/** A file as the transport attaches it; with `cid` it is shown inline in the HTML (`<img src="cid:…">`). */
export type RenderedAttachment = { filename: string; content: Buffer; contentType: string; cid?: string };

/** Makes the files an outbox mail names; a failure fails the attempt, which is retried (D53). */
export type AttachmentRenderer = (refs: readonly MailAttachmentRef[]) => Promise<RenderedAttachment[]>;

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
            initialCents: card.initialCents,
            expiresAt: card.expiresAt,
            locale: card.locale,
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

/** For a worker set up without sources: a mail that names attachments fails rather than going out without them. */
export const noAttachments: AttachmentRenderer = async (refs) => {
  if (refs.length > 0) throw new Error("attachments named but no attachment renderer configured");
  return [];
};
