import { type GuestVisitor, STORAGE_KEYS, type VisitorInput } from "@atelier/contract";

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const isGuestVisitor = (value: unknown): value is GuestVisitor => {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === "number" &&
    Number.isInteger(v.id) &&
    v.id > 0 &&
    typeof v.first_name === "string" &&
    typeof v.last_name === "string" &&
    typeof v.birth_date === "string"
  );
};

/** A guest's children from local storage `visitors` (spec §3); broken entries are skipped. */
export function readGuestVisitors(storage: KeyValueStorage | undefined): GuestVisitor[] {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.visitors);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isGuestVisitor) : [];
  } catch {
    return [];
  }
}

function writeGuestVisitors(storage: KeyValueStorage | undefined, visitors: GuestVisitor[]) {
  storage?.setItem(STORAGE_KEYS.visitors, JSON.stringify(visitors));
}

/**
 * Adds a guest's child with id = count + 1 (spec §3). Entries are never deleted, so that id is free;
 * should it be taken anyway (storage edited by hand), the next free id above the highest is used.
 */
export function addGuestVisitor(storage: KeyValueStorage | undefined, input: VisitorInput): GuestVisitor {
  const visitors = readGuestVisitors(storage);
  let id = visitors.length + 1;
  if (visitors.some((visitor) => visitor.id === id)) id = Math.max(...visitors.map((v) => v.id)) + 1;
  const visitor: GuestVisitor = { id, ...input };
  writeGuestVisitors(storage, [...visitors, visitor]);
  return visitor;
}

export function updateGuestVisitor(
  storage: KeyValueStorage | undefined,
  id: number,
  input: VisitorInput,
): GuestVisitor {
  const visitors = readGuestVisitors(storage);
  const updated: GuestVisitor = { id, ...input };
  if (!visitors.some((visitor) => visitor.id === id)) throw new Error(`no guest visitor ${id}`);
  writeGuestVisitors(
    storage,
    visitors.map((visitor) => (visitor.id === id ? updated : visitor)),
  );
  return updated;
}

export function clearGuestVisitors(storage: KeyValueStorage | undefined) {
  storage?.removeItem(STORAGE_KEYS.visitors);
}
