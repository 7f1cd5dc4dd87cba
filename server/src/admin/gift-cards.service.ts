import type {
  AdminGiftCard,
  AdminGiftCardInput,
  AdminGiftCardLedgerEntry,
  AdminGiftCardUpdate,
  AdminListQuery,
} from "@atelier/contract";
import { SCHOOL_TIME_ZONE } from "@atelier/contract";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  findGiftCard,
  GIFT_CARD_SORTS,
  type GiftCardRow,
  giftCardExpiry,
  issueGiftCardByHand,
  listGiftCardsForStaff,
  listLedgerForStaff,
  setGiftCardDeactivated,
} from "../gift-cards/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { filterValue, listCut, rangeOf } from "./list-query.ts";
import { versionOf } from "./version.ts";

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A card as staff see it (also for its mail, D277); the balance is part of the version, so a payment meanwhile makes an edit stale. */
export function toAdmin(row: GiftCardRow): AdminGiftCard {
  const values = {
    id: row.id,
    code: row.code,
    initial_cents: row.initialCents,
    balance_cents: row.balanceCents,
    expires_at: iso(row.expiresAt),
    order_item: row.orderItemId,
    buyer: row.buyerUserId,
    issued_by: row.issuedByUserId,
    reason: row.issueReason,
    is_active: row.deactivatedAt === null,
    deactivated_at: iso(row.deactivatedAt),
    created_at: row.createdAt.toISOString(),
    locale: row.locale,
    recipient_name: row.recipientName ?? "",
    message: row.message,
  };
  return { ...values, version: versionOf(values) };
}

/** The audit log keeps no code: it is what pays, and the log is read by more people than the card's holder. */
export const audit = auditTrail(
  "gift-cards",
  ({ version: _version, code: _code, ...values }: AdminGiftCard) => values,
);

/** The last moment of `day` in Berlin (23:59:59; 22:59:59 UTC in winter, 21:59:59 in summer). */
function endOfBerlinDay(day: string): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const berlinHour = Number(
    new Intl.DateTimeFormat("en", { timeZone: SCHOOL_TIME_ZONE, hour: "numeric", hourCycle: "h23" }).format(
      noonUtc,
    ),
  );
  const offsetHours = berlinHour - 12;
  return new Date(
    Date.UTC(
      Number(day.slice(0, 4)),
      Number(day.slice(5, 7)) - 1,
      Number(day.slice(8, 10)),
      23 - offsetHours,
      59,
      59,
    ),
  );
}

/**
 * Gift cards (D125): staff issue one by hand with a reason, deactivate one (it pays nothing from the next
 * checkout; the balance stays and the card can be activated again), and read each card's balance history.
 */
export function createGiftCardsAdmin(db: Db) {
  async function reread(tx: Tx, id: number) {
    const row = await findGiftCard(tx, id);
    if (!row) throw new Error("gift card not found after its write");
    return toAdmin(row);
  }

  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, GIFT_CARD_SORTS, "id");
      const filter = query.filter ?? {};
      const page = await listGiftCardsForStaff(
        db,
        {
          q: filterValue.string(filter, "q"),
          isActive: filterValue.boolean(filter, "is_active"),
          ids: filterValue.ids(filter, "id"),
        },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toAdmin), total: page.total } };
    },

    async get(id: number): Promise<AdminGiftCard> {
      const row = foundOr404(await findGiftCard(db, id));
      return toAdmin(row);
    },

    async issue(staff: AuthUser, input: AdminGiftCardInput, now = new Date()): Promise<AdminGiftCard> {
      const expiresAt = input.expires_on === null ? giftCardExpiry(now) : endOfBerlinDay(input.expires_on);
      if (expiresAt <= now) throw AppError.validation("expires_on", "date_in_past");
      return db.transaction(async (tx) => {
        const card = await issueGiftCardByHand(tx, {
          amountCents: input.amount_cents,
          reason: input.reason,
          issuedByUserId: staff.id,
          expiresAt,
        });
        const after = await reread(tx, card.id);
        await audit(tx, staff, card.id, "create", null, after);
        return after;
      });
    },

    /** Deactivates or activates again a card read at `version`; under the card's row lock, as checkout spends it. */
    async update(staff: AuthUser, id: number, input: AdminGiftCardUpdate): Promise<AdminGiftCard> {
      return db.transaction(async (tx) => {
        const row = foundOr404(await findGiftCard(tx, id, true));
        const before = toAdmin(row);
        if (before.version !== input.version) throw new AppError("stale_version", 409);
        if (before.is_active !== input.is_active)
          await setGiftCardDeactivated(tx, id, input.is_active ? null : new Date());
        const after = await reread(tx, id);
        if (before.is_active !== after.is_active) await audit(tx, staff, id, "update", before, after);
        return after;
      });
    },

    /** Balance history (filter `gift_card`), oldest first, each entry with the balance it left. */
    async ledger(query: AdminListQuery) {
      const filter = query.filter ?? {};
      const cut = rangeOf(query);
      const page = await listLedgerForStaff(db, { giftCardId: filterValue.id(filter, "gift_card") }, cut);
      const rows: AdminGiftCardLedgerEntry[] = page.rows.map((row) => ({
        id: row.id,
        gift_card: row.giftCardId,
        kind: row.kind,
        order: row.orderId,
        amount_cents: row.amountCents,
        balance_cents: row.balanceCents,
        created_at: row.createdAt.toISOString(),
      }));
      return { cut, page: { rows, total: page.total } };
    },
  };
}
