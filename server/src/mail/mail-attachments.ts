import QRCode from "qrcode";
import type { DbOrTx } from "../db/client.ts";
import type { MailAttachmentRef } from "../db/schema/contact.ts";
import { renderGiftCardPdf } from "../gift-cards/gift-card-pdf.ts";
import { findGiftCard } from "../gift-cards/gift-cards.repository.ts";
import { checkinUrl } from "../invoices/checkin-code.ts";
import { renderInvoicePdf } from "../invoices/invoice-pdf.ts";
import { findInvoice } from "../invoices/invoices.repository.ts";
import type { Seller } from "../invoices/seller.ts";

/** A file as the transport attaches it; with `cid` it is shown inline in the HTML (`<img src="cid:…">`). */
export type RenderedAttachment = { filename: string; content: Buffer; contentType: string; cid?: string };

/** Makes the files an outbox mail names; a failure fails the attempt, which is retried (D53). */
export type AttachmentRenderer = (refs: readonly MailAttachmentRef[]) => Promise<RenderedAttachment[]>;

export type AttachmentSources = {
  db: DbOrTx;
  seller: Seller;
  /** The shop's origin: a check-in QR code encodes `${publicUrl}/QrCodeScanner?code=${code}`. */
  publicUrl: string;
};

export function createAttachmentRenderer(sources: AttachmentSources): AttachmentRenderer {
  async function render(ref: MailAttachmentRef): Promise<RenderedAttachment> {
    switch (ref.kind) {
      case "invoice-pdf": {
        const invoice = await findInvoice(sources.db, ref.invoiceId);
        if (!invoice) throw new Error(`attachment: invoice ${ref.invoiceId} not found`);
        // The seller frozen at issue time wins over today's settings (an invoice never changes).
        const pdf = await renderInvoicePdf(invoice, invoice.data.seller ?? sources.seller);
        return { filename: ref.filename, content: Buffer.from(pdf), contentType: "application/pdf" };
      }
      case "checkin-qr": {
        const png = await QRCode.toBuffer(checkinUrl(sources.publicUrl, ref.code), {
          type: "png",
          errorCorrectionLevel: "M",
          margin: 2,
          width: 320,
        });
        return { filename: ref.filename, content: png, contentType: "image/png", cid: ref.cid };
      }
      case "gift-card-pdf": {
        const card = await findGiftCard(sources.db, ref.giftCardId);
        if (!card) throw new Error(`attachment: gift card ${ref.giftCardId} not found`);
        const pdf = await renderGiftCardPdf(card, {
          legalName: sources.seller.legalName,
          address: sources.seller.address,
          publicUrl: sources.publicUrl,
        });
        return { filename: ref.filename, content: Buffer.from(pdf), contentType: "application/pdf" };
      }
    }
  }
  // One after the other: a PDF and a few QR codes are quick, and the worker shares its CPU with requests.
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
