import {
  VISITORS_MAX_PER_ACCOUNT,
  type Visitor,
  type VisitorInput,
  type VisitorPatch,
} from "@atelier/contract";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  countVisitors,
  findVisitors,
  insertVisitor,
  lockChildAdds,
  updateVisitor,
  type VisitorRow,
} from "./visitors.repository.ts";

export const toVisitor = (row: VisitorRow): Visitor => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  birth_date: row.birthDate,
});

export type VisitorsService = ReturnType<typeof createVisitorsService>;

/** A user's visitors (attendees). Another user's visitor is simply not found. */
export function createVisitorsService(db: Db) {
  return {
    async list(userId: number): Promise<Visitor[]> {
      return (await findVisitors(db, userId)).map(toVisitor);
    },

    async create(userId: number, input: VisitorInput): Promise<Visitor> {
      return db.transaction(async (tx) => {
        await lockChildAdds(tx, userId);
        if ((await countVisitors(tx, userId)) >= VISITORS_MAX_PER_ACCOUNT)
          throw AppError.validation("non_field_errors", "visitors_too_many");
        return toVisitor(
          await insertVisitor(tx, {
            userId,
            firstName: input.first_name,
            lastName: input.last_name,
            birthDate: input.birth_date,
          }),
        );
      });
    },

    async update(userId: number, id: number, input: VisitorPatch): Promise<Visitor> {
      const changes: Parameters<typeof updateVisitor>[3] = {};
      if (input.first_name !== undefined) changes.firstName = input.first_name;
      if (input.last_name !== undefined) changes.lastName = input.last_name;
      if (input.birth_date !== undefined) changes.birthDate = input.birth_date;
      const row = await updateVisitor(db, userId, id, changes);
      if (!row) throw AppError.notFound();
      return toVisitor(row);
    },
  };
}
