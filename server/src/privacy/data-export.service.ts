// A family's data as the shop holds it (Art. 15 and 20 GDPR, D560): one JSON file, for the parent from the
// profile and for staff answering a request from the person's page. Read from each area through its entry;
// nothing is written, and nothing capability-like leaves (tokens, gift card codes, mail texts with links).
import type { DataExport, Locale } from "@atelier/contract";
import { addressOf, familyAddresses, findUserById, type UserRow } from "../accounts/index.ts";
import { findPageNames } from "../catalogue/index.ts";
import { attendanceOfItems } from "../checkin/index.ts";
import { contactRequestsSentWith } from "../contact/index.ts";
import type { AddressSpan, Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { giftCardsBoughtBy } from "../gift-cards/index.ts";
import { createHistoryService } from "../history/index.ts";
import { makeupsOfUser, reportedAbsencesOfItems } from "../lessons/index.ts";
import { mailsSentTo } from "../mail/index.ts";
import { listOrderBillingOfUser } from "../orders/index.ts";
import { cancellationsOfFamily } from "../subscriptions/index.ts";
import { listPartyRequestsOfUser, listVisitRequestsOfUser, partyStateOf } from "../visit-requests/index.ts";
import { findChildrenForStaff } from "../visitors/index.ts";
import { listEntriesOfUser } from "../waiting-list/index.ts";

export type DataExportDeps = { db: Db; publicUrl: string };

export type DataExportService = ReturnType<typeof createDataExport>;

/** Every purchase of a family, not the history's page of them (HISTORY_MAX_ITEMS). */
const ALL_ITEMS = 100_000;

export function createDataExport({ db, publicUrl }: DataExportDeps) {
  // The purchases as the profile's history shows them.
  const history = createHistoryService({ db, publicUrl, maxItems: ALL_ITEMS });
  return {
    /** The family of `userId`, in `locale` (the names of offers); 404 for an account that is gone. */
    async of(userId: number, locale: Locale, now = new Date()): Promise<DataExport> {
      const user = await findUserById(db, userId);
      if (!user) throw AppError.notFound();
      // What was sent with the address, not from the account, is the family's only once the account has
      // shown it owns the address: whoever registers another's address gets nothing that person sent (D166).
      // The addresses it had before were kept only when confirmed, and each counts only while it was the
      // family's (D577).
      const owned = (await familyAddresses(db, user)).filter(
        (span) => span.until !== undefined || user.emailVerifiedAt !== null,
      );
      const [children, purchases, orders, waiting, requests, parties, cancellations, contacts, mails] =
        await Promise.all([
          findChildrenForStaff(db, userId),
          history.list(userId, {}, locale),
          listOrderBillingOfUser(db, userId),
          listEntriesOfUser(db, userId),
          listVisitRequestsOfUser(db, userId),
          listPartyRequestsOfUser(db, userId),
          cancellationsOfFamily(db, userId, owned),
          owned.length > 0 ? contactRequestsSentWith(db, owned) : [],
          owned.length > 0 ? mailsSentTo(db, owned) : [],
        ]);
      const itemIds = purchases.map((item) => item.id);
      const [attended, reported, makeups, cards, pages] = await Promise.all([
        attendanceOfItems(db, itemIds),
        reportedAbsencesOfItems(db, itemIds),
        makeupsOfUser(db, userId),
        giftCardsBoughtBy(db, userId),
        findPageNames(
          db,
          waiting.map((entry) => entry.productPageId),
          locale,
        ),
      ]);
      const day = (record: DataExport["attendance"][number]["record"]) => (row: AttendanceRow) => ({
        item: row.itemId,
        date: row.date,
        record,
        at: row.at.toISOString(),
      });
      return {
        exported_at: now.toISOString(),
        account: accountOf(user, owned),
        children: children.map((child) => ({
          id: child.id,
          first_name: child.firstName,
          last_name: child.lastName,
          birth_date: child.birthDate,
          notes: child.notes,
        })),
        // The next month's payment link and a bought card's code are capabilities (they pay): the file may
        // travel, and staff download it. The card is listed under gift_cards, without its code (D606).
        purchases: purchases.map((item) => ({ ...item, paypal_invoice_link: null, gift_card: null })),
        orders: orders.map((order) => ({
          id: order.id,
          status: order.status,
          billing: order.billing,
          payer_first_name: order.payerFirstName,
          payer_last_name: order.payerLastName,
          total_cents: order.totalCheckoutCents,
          created_at: order.createdAt.toISOString(),
          paid_at: order.paidAt?.toISOString() ?? null,
        })),
        attendance: [
          ...attended.checkins.map(day("checked_in")),
          ...attended.absences.map(day("absent_marked_by_staff")),
          ...reported.map(day("absence_reported")),
        ].sort((a, b) => a.date.localeCompare(b.date) || a.item - b.item),
        ...lessonsAndCardsOf(makeups, cards),
        waiting_list: waiting.map((entry) => ({
          offer: pages.get(entry.productPageId) ?? "",
          child: entry.visitorId,
          status: entry.status,
          joined_at: entry.createdAt.toISOString(),
          offered_at: entry.offeredAt?.toISOString() ?? null,
          accepted_at: entry.acceptedAt?.toISOString() ?? null,
        })),
        ...requestsOf({ requests, parties, cancellations, contacts }, locale),
        mails: mails.map((mail) => ({
          subject: mail.subject,
          created_at: mail.createdAt.toISOString(),
          sent_at: mail.sentAt?.toISOString() ?? null,
        })),
      };
    },
  };
}

type AttendanceRow = { itemId: number; date: string; at: Date };

/** The account as the file names it, with the addresses it moved off (the spans that ended), newest first. */
function accountOf(user: UserRow, spans: readonly AddressSpan[]): DataExport["account"] {
  const previous = spans
    .flatMap((span) => (span.until === undefined ? [] : [{ email: span.email, until: span.until }]))
    .sort((a, b) => (a.until < b.until ? 1 : -1));
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone_number: user.phoneNumber,
    ...addressOf(user),
    locale: user.locale,
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
    previous_emails: previous.map((entry) => ({
      email: entry.email,
      until: new Date(entry.until).toISOString(),
    })),
  };
}

/** What the family asked of the school: visits, parties, cancellations and contact. */
function requestsOf(
  asked: {
    requests: Awaited<ReturnType<typeof listVisitRequestsOfUser>>;
    parties: Awaited<ReturnType<typeof listPartyRequestsOfUser>>;
    cancellations: Awaited<ReturnType<typeof cancellationsOfFamily>>;
    contacts: Awaited<ReturnType<typeof contactRequestsSentWith>>;
  },
  locale: Locale,
): Pick<DataExport, "visit_requests" | "party_requests" | "contract_cancellations" | "contact_requests"> {
  const { requests, parties, cancellations, contacts } = asked;
  return {
    visit_requests: requests.map((request) => ({
      kind: request.kind,
      offer: request.productName[locale] || request.productName.de,
      status: request.status,
      date: request.date,
      created_at: request.createdAt.toISOString(),
    })),
    party_requests: parties.map((party) => ({
      offer: party.productName[locale] || party.productName.de || "",
      dates: party.dates,
      children_count: party.childrenCount,
      ages: party.ages,
      comment: party.comment,
      status: partyStateOf(party),
      confirmed_date: party.confirmedDate,
      declined_at: party.declinedAt?.toISOString() ?? null,
      created_at: party.createdAt.toISOString(),
    })),
    contract_cancellations: cancellations.map((row) => ({
      contract: row.contractRef,
      name: row.name,
      email: row.email,
      kind: row.kind,
      reason: row.reason,
      requested_end: row.requestedEnd,
      declared_at: row.createdAt.toISOString(),
    })),
    contact_requests: contacts.map((row) => ({
      first_name: row.firstName,
      last_name: row.lastName,
      phone: row.phone,
      message: row.message,
      comment: row.comment,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/** The make-up lessons and the gift cards bought, as the file names them. */
function lessonsAndCardsOf(
  makeups: Awaited<ReturnType<typeof makeupsOfUser>>,
  cards: Awaited<ReturnType<typeof giftCardsBoughtBy>>,
): Pick<DataExport, "makeups" | "gift_cards"> {
  return {
    makeups: makeups.map((credit) => ({
      item: credit.itemId,
      reason: credit.reason,
      for_date: credit.sourceDate,
      expires_on: credit.expiresOn,
      used_at: credit.usedAt?.toISOString() ?? null,
      booked_date: credit.bookedDate,
      booking_cancelled_at: credit.bookingCancelledAt?.toISOString() ?? null,
    })),
    gift_cards: cards.map((card) => ({
      initial_cents: card.initialCents,
      balance_cents: card.balanceCents,
      recipient_name: card.recipientName,
      message: card.message,
      expires_at: card.expiresAt?.toISOString() ?? null,
      bought_at: card.createdAt.toISOString(),
    })),
  };
}
