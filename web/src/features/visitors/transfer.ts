import type { GuestVisitor, Visitor, VisitorInput } from "@atelier/contract";

/**
 * Spec §4 "after login": the guest's children are posted, their new ids mapped, the guest cart's items
 * reassigned to the new ids. Pure logic over small ports, so it is tested with fakes (transfer.test.ts);
 * the app layer (app/guest-transfer-run.ts) plugs in the API, local storage and the cart.
 *
 * Nothing is lost or duplicated:
 * - the id mapping is saved after every successful post, so a retry (after a network failure) skips
 *   children already posted;
 * - a guest child equal to a server child (same names and birth date), or to another local entry of the
 *   same child, is mapped onto that one server child instead of being posted again;
 * - a reassignment refused as `already_booked` (the same child twice in one slot, e.g. after two local
 *   entries of one child met on one server child) deletes that duplicate item;
 * - the guest's `visitors` are cleared only when every child and every item has been transferred.
 */

/** guest visitor id → server visitor id */
export type VisitorIdMapping = Record<number, number>;

export type TransferPorts = {
  visitors: {
    list(): Promise<Visitor[]>;
    create(input: VisitorInput): Promise<Visitor>;
  };
  /** The guest's children, the saved mapping of an earlier attempt, and clean-up when done. */
  store: {
    guestVisitors(): GuestVisitor[];
    readMapping(): VisitorIdMapping;
    saveMapping(mapping: VisitorIdMapping): void;
    /** Everything is on the server: forget the guest's children and the mapping. */
    finish(): void;
  };
  cart: {
    /** The signed-in user's cart items (the guest cart merged in by the server). */
    items(): Promise<{ id: number; guest_visitor: number | null }[]>;
    reassign(itemId: number, visitorId: number): Promise<void>;
    remove(itemId: number): Promise<void>;
  };
  /** Whether a failed reassignment was refused because that child is already booked there. */
  isAlreadyBooked(error: unknown): boolean;
};

export type TransferReport = {
  posted: number;
  /** Guest children mapped onto a child the server already had (or onto another entry of the same child). */
  matched: number;
  reassigned: number;
  /** Duplicate items deleted after an `already_booked` answer. */
  removedDuplicates: number;
  /** Items naming a guest child that is not in local storage (nothing to map them to); left as they are. */
  orphanItems: number;
  failures: unknown[];
  complete: boolean;
};

export class TransferIncompleteError extends Error {
  constructor(readonly report: TransferReport) {
    super(`guest transfer incomplete: ${report.failures.length} step(s) failed`);
    this.name = "TransferIncompleteError";
  }
}

const normalise = (value: string) => value.trim().replace(/\s+/g, " ").toLocaleLowerCase("de");

/** The identity of a child for matching: names (trimmed, case-insensitive) and birth date. */
export const sameChild = (
  a: Pick<Visitor, "first_name" | "last_name" | "birth_date">,
  b: Pick<Visitor, "first_name" | "last_name" | "birth_date">,
) =>
  normalise(a.first_name) === normalise(b.first_name) &&
  normalise(a.last_name) === normalise(b.last_name) &&
  a.birth_date.trim() === b.birth_date.trim();

export async function transferGuestData(ports: TransferPorts): Promise<TransferReport> {
  const report: TransferReport = {
    posted: 0,
    matched: 0,
    reassigned: 0,
    removedDuplicates: 0,
    orphanItems: 0,
    failures: [],
    complete: false,
  };
  const guests = ports.store.guestVisitors();
  const mapping: VisitorIdMapping = { ...ports.store.readMapping() };

  // 1. Children: map or post each one not mapped yet.
  const unmapped = guests.filter((guest) => mapping[guest.id] === undefined);
  if (unmapped.length > 0) {
    const known = await ports.visitors.list();
    for (const guest of unmapped) {
      const match = known.find((visitor) => sameChild(visitor, guest));
      if (match) {
        mapping[guest.id] = match.id;
        report.matched++;
        ports.store.saveMapping(mapping);
        continue;
      }
      try {
        const created = await ports.visitors.create({
          first_name: guest.first_name,
          last_name: guest.last_name,
          birth_date: guest.birth_date,
        });
        mapping[guest.id] = created.id;
        known.push(created);
        report.posted++;
        ports.store.saveMapping(mapping);
      } catch (error) {
        report.failures.push(error);
      }
    }
  }

  // 2. Cart items that still name a guest child.
  const guestIds = new Set(guests.map((guest) => guest.id));
  if (guestIds.size > 0 || Object.keys(mapping).length > 0) {
    const items = await ports.cart.items();
    for (const item of items) {
      if (item.guest_visitor === null) continue;
      const target = mapping[item.guest_visitor];
      if (target === undefined) {
        // A local child whose post failed is retried later; an unknown number can never be mapped.
        if (!guestIds.has(item.guest_visitor)) report.orphanItems++;
        continue;
      }
      try {
        await ports.cart.reassign(item.id, target);
        report.reassigned++;
      } catch (error) {
        if (!ports.isAlreadyBooked(error)) {
          report.failures.push(error);
          continue;
        }
        try {
          await ports.cart.remove(item.id);
          report.removedDuplicates++;
        } catch (removeError) {
          report.failures.push(removeError);
        }
      }
    }
  }

  report.complete = report.failures.length === 0 && guests.every((guest) => mapping[guest.id] !== undefined);
  if (report.complete) ports.store.finish();
  return report;
}
