import type {
  AdminListQuery,
  AdminLocation,
  AdminLocationInput,
  AdminLocationUpdate,
} from "@atelier/contract";
import {
  deleteLocation,
  findLocationForEdit,
  insertLocation,
  LOCATION_SORTS,
  type LocationRow,
  listLocationsForStaff,
  updateLocation,
} from "../catalogue/index.ts";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { auditTrail } from "./audit.repository.ts";
import { crudService } from "./crud-service.ts";
import { filterValue, listCut } from "./list-query.ts";
import { versionOf } from "./version.ts";

/** The version covers the house's own values, not how many pages and closures name it (D99). */
function toLocation(row: LocationRow): AdminLocation {
  const values = {
    id: row.id,
    name: row.name,
    street: row.street,
    post_code: row.postCode,
    city: row.city,
    map_url: row.mapUrl,
    phone: row.phone,
    sort_order: row.sortOrder,
    is_active: row.isActive,
  };
  return {
    ...values,
    label: `${row.name.de} – ${row.street}`,
    pages: row.pages,
    closures: row.closures,
    version: versionOf(values),
  };
}

const audit = auditTrail(
  "locations",
  ({ version: _v, pages: _p, closures: _c, label: _l, ...values }: AdminLocation) => values,
);

const toValues = (input: AdminLocationInput) => ({
  name: input.name,
  street: input.street,
  postCode: input.post_code,
  city: input.city,
  mapUrl: input.map_url,
  phone: input.phone,
  sortOrder: input.sort_order,
  isActive: input.is_active,
});

/** The school's houses (issue 20, D151), each write with its audit entry in one transaction (D98). */
export function createLocationsAdmin(db: Db) {
  const records = crudService({ find: findLocationForEdit, view: toLocation, audit });

  return {
    async list(query: AdminListQuery) {
      const cut = listCut(query, LOCATION_SORTS, "sort_order");
      const filter = query.filter ?? {};
      const page = await listLocationsForStaff(
        db,
        {
          q: filterValue.string(filter, "q"),
          ids: filterValue.ids(filter, "id"),
          isActive: filterValue.boolean(filter, "is_active"),
        },
        cut,
      );
      return { cut, page: { rows: page.rows.map(toLocation), total: page.total } };
    },

    get: (id: number): Promise<AdminLocation> => records.get(db, id),

    async create(staff: AuthUser, input: AdminLocationInput): Promise<AdminLocation> {
      return db.transaction((tx) => records.create(tx, staff, () => insertLocation(tx, toValues(input))));
    },

    async update(staff: AuthUser, id: number, input: AdminLocationUpdate): Promise<AdminLocation> {
      const { version, ...values } = input;
      return db.transaction((tx) =>
        records.update(tx, staff, id, version, () => updateLocation(tx, id, toValues(values))),
      );
    },

    /**
     * Deletes a house nothing names; one still named by pages or closures is refused with a 400 that says
     * how often (staff set it inactive instead, D151). Its row is locked first, so a page saved at the same
     * time either lands before (and is counted) or finds the house gone (400 at its field).
     */
    async remove(staff: AuthUser, id: number): Promise<AdminLocation> {
      return db.transaction((tx) =>
        records.remove(tx, staff, id, async (before) => {
          const uses = before.pages + before.closures;
          if (uses > 0) throw new AppError("house_in_use", 400, undefined, undefined, { count: uses });
          await deleteLocation(tx, id);
        }),
      );
    },
  };
}
