import type {
  AdminListQuery,
  AdminPromocode,
  AdminPromocodeInput,
  AdminPromocodeUpdate,
  AdminPromocodeUse,
} from "@atelier/contract";
import { uniqueViolationConstraint } from "../accounts/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  findPromocodeForEdit,
  insertPromocode,
  listPromocodesForStaff,
  listPromocodeUses,
  PROMOCODE_SORTS,
  type PromocodeStaffRow,
  type PromocodeValues,
  promocodeTaken,
  updatePromocode,
} from "../orders/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { foundOr404 } from "./crud-service.ts";
import { filterValue, listCut, rangeOf } from "./list-query.ts";
import { versionOf } from "./version.ts";

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A code as staff see it; `uses` is part of the version, so a use meanwhile makes an edit stale. */
function toAdmin(row: PromocodeStaffRow): AdminPromocode {
  const values = {
    id: row.id,
    code: row.code,
    percent_off: row.percentOff,
    amount_off_cents: row.amountOffCents,
    valid_from: iso(row.validFrom),
    valid_until: iso(row.validUntil),
    max_uses: row.maxUses,
    max_uses_per_user: row.maxUsesPerUser,
    min_total_cents: row.minTotalCents,
    product_types: [...row.productTypes],
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    uses: row.uses,
  };
  return { ...values, version: versionOf(values) };
}

const audit = auditTrail("promocodes", ({ version: _version, ...values }: AdminPromocode) => values);

function toValues(input: AdminPromocodeInput): PromocodeValues {
  return {
    code: input.code,
    percentOff: input.percent_off,
    amountOffCents: input.amount_off_cents,
    validFrom: input.valid_from === null ? null : new Date(input.valid_from),
    validUntil: input.valid_until === null ? null : new Date(input.valid_until),
    maxUses: input.max_uses,
    maxUsesPerUser: input.max_uses_per_user,
    minTotalCents: input.min_total_cents,
    productTypes: [...new Set(input.product_types)],
    isActive: input.is_active,
  };
}

/**
 * Promocodes (D124): create, change the dates, limits and product types, deactivate (`is_active` false:
 * the cart refuses it from the next request; orders that used it keep their discount), read the uses.
 * A code is never deleted: its redemptions refer to it.
 */
export function createPromocodesAdmin(db: Db) {
  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (err) {
      // Two staff saving the same new code at once: the unique index decides, the loser gets the same 400.
      if (uniqueViolationConstraint(err) === "promocodes_code_lower_idx")
        throw AppError.validation("code", "promocode_taken");
      throw err;
    }
  }

  async function reread(tx: Tx, id: number) {
    const row = await findPromocodeForEdit(tx, id);
    if (!row) throw new Error("promocode not found after its write");
    return toAdmin(row);
  }

  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, PROMOCODE_SORTS, "id");
      const filter = query.filter ?? {};
      const page = await listPromocodesForStaff(
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

    async get(id: number): Promise<AdminPromocode> {
      const row = foundOr404(await findPromocodeForEdit(db, id));
      return toAdmin(row);
    },

    async create(staff: AuthUser, input: AdminPromocodeInput): Promise<AdminPromocode> {
      return write(async (tx) => {
        if (await promocodeTaken(tx, input.code)) throw AppError.validation("code", "promocode_taken");
        const id = await insertPromocode(tx, toValues(input));
        const after = await reread(tx, id);
        await audit(tx, staff, id, "create", null, after);
        return after;
      });
    },

    async update(staff: AuthUser, id: number, input: AdminPromocodeUpdate): Promise<AdminPromocode> {
      const { version, ...values } = input;
      return write(async (tx) => {
        const row = foundOr404(await findPromocodeForEdit(tx, id, true));
        const before = toAdmin(row);
        if (before.version !== version) throw new AppError("stale_version", 409);
        if (await promocodeTaken(tx, values.code, id)) throw AppError.validation("code", "promocode_taken");
        await updatePromocode(tx, id, toValues(values));
        const after = await reread(tx, id);
        await audit(tx, staff, id, "update", before, after);
        return after;
      });
    },

    /** The orders that used codes (filter `promocode`), newest first; `counted: true` only those the limits count. */
    async uses(query: AdminListQuery) {
      const filter = query.filter ?? {};
      const cut = rangeOf(query);
      const page = await listPromocodeUses(
        db,
        {
          promocodeId: filterValue.id(filter, "promocode"),
          countedOnly: filterValue.boolean(filter, "counted"),
        },
        cut,
      );
      const rows: AdminPromocodeUse[] = page.rows.map((row) => ({
        id: row.id,
        promocode: row.promocodeId,
        order: row.orderId,
        order_status: row.orderStatus,
        user: row.userId,
        user_email: row.userEmail ?? "",
        discount_cents: row.discountCents,
        created_at: row.createdAt.toISOString(),
      }));
      return { cut, page: { rows, total: page.total } };
    },
  };
}
