// The mails of the waiting lists: the school hears of a new entry, the parent that the child is on the
// list, of an offer, and of an entry taken off or an offer handed on. Each is written in the transaction
// of the change it tells of, so a mail goes out exactly when the change stands.
import { type Locale, offerName } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { enqueueMail, enqueueStaffNotice } from "../mail/index.ts";
import { mailUnitsOf, type WaitingListContext } from "./waiting-list.deps.ts";
import { type EntryRow, findOfferMailFacts, listEntries } from "./waiting-list.repository.ts";

/** The school hears of each new entry at once, in the entry's transaction (D110). */
export async function notifyStaffOfEntry(ctx: WaitingListContext, tx: Tx, id: number): Promise<void> {
  const facts = await findOfferMailFacts(tx, id, "de");
  if (!facts) throw new Error(`waiting list entry ${id} not found`);
  await enqueueStaffNotice(
    tx,
    await ctx.staffEmails(tx),
    {
      event: "waiting_list_entry",
      orderId: null,
      parentEmail: facts.email,
      items: [
        {
          child: `${facts.childFirstName} ${facts.childLastName}`.trim(),
          offer: offerName(facts.pageName, facts.optionName),
        },
      ],
    },
    { publicUrl: ctx.publicUrl },
  );
}

/** The parent hears that the child is on the list, and at which place (D144), in the entry's transaction. */
export async function mailJoined(
  ctx: WaitingListContext,
  tx: Tx,
  userId: number,
  id: number,
  locale: Locale,
): Promise<void> {
  const [entry] = await listEntries(tx, userId, locale, [id]);
  const facts = await findOfferMailFacts(tx, id, locale);
  if (!entry || !facts || entry.position === null) return;
  await enqueueMail(
    tx,
    {
      to: facts.email,
      template: "waiting-list-joined",
      locale,
      data: {
        parentFirstName: facts.parentFirstName,
        childName: `${facts.childFirstName} ${facts.childLastName}`.trim(),
        productName: facts.pageName,
        optionName: facts.optionName,
        ...mailUnitsOf(facts),
        position: entry.position,
        offerHours: ctx.offerHours,
      },
    },
    { publicUrl: ctx.publicUrl },
  );
}

export async function mailOffer(ctx: WaitingListContext, tx: Tx, entry: EntryRow) {
  const facts = await findOfferMailFacts(tx, entry.id, entry.locale);
  if (!facts || !entry.offerToken || !entry.offerExpiresAt) return;
  await enqueueMail(
    tx,
    {
      to: facts.email,
      template: "waiting-list-offer",
      locale: entry.locale,
      data: {
        parentFirstName: facts.parentFirstName,
        childName: `${facts.childFirstName} ${facts.childLastName}`.trim(),
        productName: facts.pageName,
        optionName: facts.optionName,
        ...mailUnitsOf(facts),
        expiresAt: entry.offerExpiresAt.toISOString(),
        // The page opens in the family's language, whatever the phone's browser is set to (as D392's link).
        link: `${ctx.webUrl.replace(/\/$/, "")}/waiting-list/offer/${entry.offerToken}?locale=${entry.locale}`,
      },
    },
    { publicUrl: ctx.publicUrl },
  );
}

/** A mail about the entry to its parent, in the entry's language: taken off the list, or an offer handed on. */
export async function mailEntryNotice(
  ctx: WaitingListContext,
  tx: Tx,
  entry: EntryRow,
  template: "waiting-list-removed" | "waiting-list-offer-withdrawn",
) {
  const facts = await findOfferMailFacts(tx, entry.id, entry.locale);
  if (!facts) return;
  const unit =
    facts.slotStart !== null && facts.slotEnd !== null
      ? {
          kind: "slot" as const,
          weekday: facts.slotWeekday,
          date: facts.slotDate,
          start: facts.slotStart,
          end: facts.slotEnd,
        }
      : { kind: "week" as const, startsOn: facts.weekStartsOn ?? "", endsOn: facts.weekEndsOn ?? "" };
  await enqueueMail(
    tx,
    {
      to: facts.email,
      template,
      locale: entry.locale,
      data: {
        parentFirstName: facts.parentFirstName,
        childName: `${facts.childFirstName} ${facts.childLastName}`.trim(),
        productName: facts.pageName,
        unit,
      },
    },
    { publicUrl: ctx.publicUrl },
  );
}
