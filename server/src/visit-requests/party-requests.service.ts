import {
  type ErrorCode,
  type Locale,
  type PartyRequest,
  type PartyRequestInput,
  shownPhone,
  todayInBerlin,
} from "@atelier/contract";
import { findUserById } from "../accounts/index.ts";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { enqueueMail } from "../mail/index.ts";
import type { StaffRecipients } from "../settings/index.ts";
import {
  findPartyOption,
  insertPartyRequest,
  listPartyRequestsOfUser,
  type PartyRequestView,
  partyStateOf,
} from "./party-requests.repository.ts";

/** A party request as the parent reads it (D159), names in the reader's locale. */
export function toPartyRequest(row: PartyRequestView, locale: Locale): PartyRequest {
  return {
    id: row.id,
    product_page: row.productPageId,
    product_name: row.productName[locale] || row.productName.de || "",
    purchase_option: row.purchaseOptionId,
    option_name: row.optionName[locale] || row.optionName.de || "",
    dates: row.dates,
    children_count: row.childrenCount,
    ages: row.ages,
    comment: row.comment,
    confirmed_date: row.confirmedDate,
    state: partyStateOf(row),
    order: row.orderId,
    created_at: row.createdAt.toISOString(),
  };
}

export type PartyRequestsDeps = { db: Db; schoolEmails: StaffRecipients; publicUrl: string };
export type PartyRequestsService = ReturnType<typeof createPartyRequestsService>;

/**
 * Birthday parties are asked for, not bought (D158): a signed-in parent sends up to three preferred days,
 * the number and ages of the children, a package (the party page's options) and a comment; the school is
 * mailed in the same transaction.
 */
export function createPartyRequestsService({ db, schoolEmails, publicUrl }: PartyRequestsDeps) {
  return {
    async submit(userId: number, input: PartyRequestInput, locale: Locale): Promise<PartyRequest> {
      const today = todayInBerlin();
      const errors: Record<string, ErrorCode[]> = {};
      input.dates.forEach((day, index) => {
        if (day <= today) errors[`dates.${index}`] = ["party_date_past"];
      });
      if (input.ages.length > input.children_count) errors.ages = ["party_ages_mismatch"];
      if (Object.keys(errors).length) throw AppError.fieldErrors(errors);
      const parent = await findUserById(db, userId);
      if (!parent) throw AppError.notFound();
      const id = await db.transaction(async (tx) => {
        // Read under the option's share lock, in the transaction that names it (D522).
        const found = await findPartyOption(tx, input.product_page, input.purchase_option);
        if (!found) throw AppError.validation("purchase_option", "option_not_on_page");
        if (found.productType !== "BirthdayParty") throw AppError.validation("product_page", "not_a_party");
        // The package's room and staff are for so many children: more are refused with the package's number.
        if (found.maxChildren !== null && input.children_count > found.maxChildren)
          throw new AppError("party_too_many_children", 400, "children_count", undefined, {
            max: found.maxChildren,
          });
        const row = await insertPartyRequest(tx, {
          userId,
          productPageId: found.pageId,
          purchaseOptionId: found.optionId,
          dates: [...input.dates].sort(),
          childrenCount: input.children_count,
          ages: input.ages,
          comment: input.comment,
          locale,
        });
        for (const to of await schoolEmails(tx)) {
          await enqueueMail(
            tx,
            {
              to,
              template: "party-request-notification",
              locale: "de",
              data: {
                requestId: row.id,
                productName: found.name.de ?? "",
                optionName: found.optionName.de ?? "",
                dates: row.dates,
                childrenCount: row.childrenCount,
                ages: row.ages,
                comment: row.comment,
                parentName: `${parent.firstName} ${parent.lastName}`.trim(),
                parentEmail: parent.email,
                // An account without a phone holds "+": the mail then leaves the line out.
                parentPhone: shownPhone(parent.phoneNumber),
              },
            },
            { publicUrl },
          );
        }
        // The parent's own confirmation, in the request's language (D293): what was asked, what comes next.
        await enqueueMail(
          tx,
          {
            to: parent.email,
            template: "party-request-received",
            locale,
            data: {
              firstName: parent.firstName,
              requestId: row.id,
              productName: found.name[locale] || found.name.de || "",
              optionName: found.optionName[locale] || found.optionName.de || "",
              dates: row.dates,
              childrenCount: row.childrenCount,
              ages: row.ages,
              comment: row.comment,
            },
          },
          { publicUrl },
        );
        return row.id;
      });
      const mine = await listPartyRequestsOfUser(db, userId);
      const stored = mine.find((row) => row.id === id);
      if (!stored) throw new Error("party request vanished");
      return toPartyRequest(stored, locale);
    },

    async mine(userId: number, locale: Locale): Promise<PartyRequest[]> {
      return (await listPartyRequestsOfUser(db, userId)).map((row) => toPartyRequest(row, locale));
    },
  };
}
