import type { AdminClosure, AdminClosureInput, AdminClosureUpdate, AdminListQuery } from "@atelier/contract";
import {
  CLOSURE_SORTS,
  type ClosureRow,
  deleteClosure,
  findClosureForEdit,
  insertClosure,
  listClosuresForStaff,
  locationExists,
  updateClosure,
} from "../catalogue/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { applyClosuresToPeriods } from "../subscriptions/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { crudService } from "./crud-service.ts";
import { filterValue, listCut } from "./list-query.ts";
import { versionOf } from "./version.ts";

const RESOURCE = "closures";

function toAdmin(row: ClosureRow): AdminClosure {
  const values = {
    id: row.id,
    location_id: row.locationId,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    name: row.name,
  };
  return { ...values, version: versionOf(values) };
}

const auditValues = ({ version: _version, ...values }: AdminClosure) => values;
const audit = auditTrail(RESOURCE, auditValues);

const toValues = (input: AdminClosureInput) => ({
  locationId: input.location_id,
  startsOn: input.starts_on,
  endsOn: input.ends_on,
  name: input.name,
});

/** Holidays and closures (D114), each write with its audit entry in one transaction (D98). */
export function createClosuresAdmin(db: Db) {
  const records = crudService({ find: findClosureForEdit, view: toAdmin, audit });

  /** The house must exist: a 400 at the field, not a foreign-key 500. */
  async function checkHouse(tx: Tx, input: AdminClosureInput) {
    if (input.location_id !== null && !(await locationExists(tx, input.location_id)))
      throw AppError.validation("location_id", "invalid_choice");
  }

  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, CLOSURE_SORTS, "starts_on");
      const filter = query.filter ?? {};
      const page = await listClosuresForStaff(
        db,
        {
          // `location_id: null` lists the closures of every house; absent lists all.
          locationId: filter.location_id === null ? null : filterValue.id(filter, "location_id"),
          ids: filterValue.ids(filter, "id"),
        },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toAdmin), total: page.total } };
    },

    get: (id: number): Promise<AdminClosure> => records.get(db, id),

    async create(staff: AuthUser, input: AdminClosureInput): Promise<AdminClosure> {
      return db.transaction(async (tx) => {
        const after = await records.create(tx, staff, async () => {
          await checkHouse(tx, input);
          return insertClosure(tx, toValues(input));
        });
        // No lesson takes place then: running subscriptions' paid periods lengthen in the same commit (D122).
        await applyClosuresToPeriods(tx);
        return after;
      });
    },

    async update(staff: AuthUser, id: number, input: AdminClosureUpdate): Promise<AdminClosure> {
      const { version, ...values } = input;
      return db.transaction(async (tx) => {
        const after = await records.update(tx, staff, id, version, async () => {
          await checkHouse(tx, values);
          await updateClosure(tx, id, toValues(values));
        });
        await applyClosuresToPeriods(tx);
        return after;
      });
    },

    /** A closure is a plain date range nothing refers to: it is deleted, its values kept in the audit log. */
    async remove(staff: AuthUser, id: number): Promise<AdminClosure> {
      return db.transaction(async (tx) => {
        const before = await records.remove(tx, staff, id, () => deleteClosure(tx, id));
        await applyClosuresToPeriods(tx);
        return before;
      });
    },
  };
}
