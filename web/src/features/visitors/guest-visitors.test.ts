import { STORAGE_KEYS } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { addGuestVisitor, readGuestVisitors, updateGuestVisitor } from "./guest-visitors.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const child = { first_name: "Anna", last_name: "Muster", birth_date: "2017-03-04" };

describe("guest visitors in local storage", () => {
  it("numbers new children count + 1 (spec §3)", () => {
    const storage = memoryStorage();
    expect(addGuestVisitor(storage, child).id).toBe(1);
    expect(addGuestVisitor(storage, { ...child, first_name: "Ben" }).id).toBe(2);
    expect(readGuestVisitors(storage).map((v) => v.first_name)).toEqual(["Anna", "Ben"]);
  });

  it("never reuses a taken id", () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.visitors]: JSON.stringify([
        { id: 1, ...child },
        { id: 3, ...child },
      ]),
    });
    expect(addGuestVisitor(storage, child).id).toBe(4);
  });

  it("updates one child and ignores broken storage", () => {
    const storage = memoryStorage();
    addGuestVisitor(storage, child);
    updateGuestVisitor(storage, 1, { ...child, first_name: "Anne" });
    expect(readGuestVisitors(storage)[0]?.first_name).toBe("Anne");
    expect(readGuestVisitors(memoryStorage({ [STORAGE_KEYS.visitors]: "{bad" }))).toEqual([]);
    expect(readGuestVisitors(memoryStorage({ [STORAGE_KEYS.visitors]: '[{"id":"x"}]' }))).toEqual([]);
  });
});
