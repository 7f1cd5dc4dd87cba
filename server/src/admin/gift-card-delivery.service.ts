import type { AdminGiftCardMailInput } from "@atelier/contract";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  findGiftCard,
  giftCardMailCard,
  giftCardUnusable,
  renderGiftCardPdf,
  setGiftCardRecipient,
} from "../gift-cards/index.ts";
import type { Seller } from "../invoices/index.ts";
import { enqueueMail, findPendingGiftCardMail } from "../mail/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { recordAudit } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { audit, toAdmin } from "./gift-cards.service.ts";

/** A gift card issued by hand (or bought) mailed to its recipient or printed, as a bought card is (D277). */
export function createGiftCardDelivery(db: Db, school: { seller?: Seller; publicUrl?: string }) {
  return {
    /**
     * Mails the card to its recipient with its PDF (D277): the language, name and message go on the card
     * first, so mail, attachment and a later download say the same. While this card's mail to that address
     * still waits in the outbox, that mail is the answer; a later request is a new mail (staff asked again).
     */
    async mail(staff: AuthUser, id: number, input: AdminGiftCardMailInput): Promise<{ mail: number }> {
      return db.transaction(async (tx) => {
        const row = foundOr404(await findGiftCard(tx, id, true));
        const unusable = giftCardUnusable(row);
        if (unusable === "gift_card_deactivated" || unusable === "gift_card_expired")
          throw AppError.validation("non_field_errors", unusable);
        const waiting = await findPendingGiftCardMail(tx, input.to, id);
        if (waiting !== undefined) return { mail: waiting };
        const before = toAdmin(row);
        await setGiftCardRecipient(tx, id, {
          locale: input.locale,
          recipientName: input.recipient_name === "" ? null : input.recipient_name,
          message: input.message,
        });
        const card = await findGiftCard(tx, id);
        if (!card) throw new Error("gift card not found after its write");
        const mail = await enqueueMail(
          tx,
          {
            to: input.to,
            template: "gift-card",
            locale: input.locale,
            data: {
              firstName: input.recipient_name,
              orderId: "",
              cards: [{ ...giftCardMailCard(card, null), message: card.message }],
              toRecipient: true,
            },
            attachments: [{ kind: "gift-card-pdf", giftCardId: id, filename: `Gutschein-${card.code}.pdf` }],
          },
          { publicUrl: school.publicUrl ?? "" },
        );
        const after = toAdmin(card);
        await audit(tx, staff, id, "update", before, after);
        await recordAudit(tx, {
          userId: staff.id,
          userEmail: staff.email,
          resource: "gift_card_mails",
          recordId: mail.id,
          action: "create",
          before: null,
          after: { gift_card: id, to: input.to, locale: input.locale },
        });
        return { mail: mail.id };
      });
    },

    /** The card's PDF as a bought card's mail attaches it (D277); the download is audited as an export. */
    async pdf(staff: AuthUser, id: number): Promise<{ filename: string; pdf: Uint8Array }> {
      const card = await findGiftCard(db, id);
      if (!card) throw AppError.notFound();
      const seller = school.seller;
      const pdf = await renderGiftCardPdf(card, {
        legalName: seller?.legalName ?? "",
        address: seller?.address ?? "",
        publicUrl: school.publicUrl ?? "",
      });
      await db.transaction((tx) =>
        recordAudit(tx, {
          userId: staff.id,
          userEmail: staff.email,
          resource: "gift-cards",
          recordId: id,
          action: "export",
          before: null,
          // The card's number, not its code: the code pays, and the audit log keeps no code.
          after: { file: `Gutschein-${id}.pdf` },
        }),
      );
      return { filename: `Gutschein-${card.code}.pdf`, pdf };
    },
  };
}
