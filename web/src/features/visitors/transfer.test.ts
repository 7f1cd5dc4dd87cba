import type { GuestVisitor, Visitor, VisitorInput } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { sameChild, type TransferPorts, transferGuestData, type VisitorIdMapping } from "./transfer.ts";

type Item = { id: number; guest_visitor: number | null; visitor: number | null };

/** An in-memory server (visitors, one cart) and local storage, with switches to make calls fail. */
function fakeWorld(options: {
  guests: GuestVisitor[];
  server?: Visitor[];
  items?: Item[];
  mapping?: VisitorIdMapping;
  /** `create` of this many calls succeeds, then it throws a network error. */
  createsBeforeFailure?: number;
  /** Items where the child (server id) is already booked: a reassignment answers `already_booked`. */
  bookedSlots?: { itemId: number; visitorId: number }[];
}) {
  const server = [...(options.server ?? [])];
  let items = [...(options.items ?? [])];
  let mapping: VisitorIdMapping = { ...(options.mapping ?? {}) };
  let guests: GuestVisitor[] = [...options.guests];
  let creates = 0;
  const calls: string[] = [];
  const ports: TransferPorts = {
    visitors: {
      list: async () => {
        calls.push("list");
        return [...server];
      },
      create: async (input: VisitorInput) => {
        calls.push(`create ${input.first_name}`);
        if (options.createsBeforeFailure !== undefined && creates >= options.createsBeforeFailure) {
          throw Object.assign(new Error("Network Error"), { status: 0 });
        }
        creates++;
        const visitor = { id: 100 + server.length, ...input };
        server.push(visitor);
        return visitor;
      },
    },
    store: {
      guestVisitors: () => guests,
      readMapping: () => mapping,
      saveMapping: (next) => {
        mapping = { ...next };
      },
      finish: () => {
        guests = [];
        mapping = {};
      },
    },
    cart: {
      items: async () => items.map(({ id, guest_visitor }) => ({ id, guest_visitor })),
      reassign: async (itemId, visitorId) => {
        calls.push(`patch ${itemId}->${visitorId}`);
        if (options.bookedSlots?.some((b) => b.itemId === itemId && b.visitorId === visitorId)) {
          throw { status: 400, body: { error_codes: { visitor: ["already_booked"] } } };
        }
        items = items.map((item) =>
          item.id === itemId ? { ...item, visitor: visitorId, guest_visitor: null } : item,
        );
      },
      remove: async (itemId) => {
        calls.push(`delete ${itemId}`);
        items = items.filter((item) => item.id !== itemId);
      },
    },
    isAlreadyBooked: (error) =>
      (error as { body?: { error_codes?: { visitor?: string[] } } })?.body?.error_codes?.visitor?.includes(
        "already_booked",
      ) ?? false,
  };
  return {
    ports,
    calls,
    server,
    get items() {
      return items;
    },
    get mapping() {
      return mapping;
    },
    get guests() {
      return guests;
    },
  };
}

const anna: GuestVisitor = { id: 1, first_name: "Anna", last_name: "Muster", birth_date: "2017-03-04" };
const ben: GuestVisitor = { id: 2, first_name: "Ben", last_name: "Muster", birth_date: "2019-05-06" };

describe("transferGuestData", () => {
  it("posts the guest's children, reassigns their items and clears local storage", async () => {
    const world = fakeWorld({
      guests: [anna, ben],
      items: [
        { id: 11, guest_visitor: 1, visitor: null },
        { id: 12, guest_visitor: 2, visitor: null },
        { id: 13, guest_visitor: null, visitor: null }, // a gift card
      ],
    });
    const report = await transferGuestData(world.ports);
    expect(report).toMatchObject({ posted: 2, reassigned: 2, complete: true });
    expect(world.server.map((v) => v.first_name)).toEqual(["Anna", "Ben"]);
    expect(world.items).toEqual([
      { id: 11, guest_visitor: null, visitor: 100 },
      { id: 12, guest_visitor: null, visitor: 101 },
      { id: 13, guest_visitor: null, visitor: null },
    ]);
    expect(world.guests).toEqual([]);
    expect(world.mapping).toEqual({});
  });

  it("keeps the mapping after a network failure, and a retry posts only the children not yet posted", async () => {
    const world = fakeWorld({
      guests: [anna, ben],
      items: [
        { id: 11, guest_visitor: 1, visitor: null },
        { id: 12, guest_visitor: 2, visitor: null },
      ],
      createsBeforeFailure: 1,
    });
    const first = await transferGuestData(world.ports);
    expect(first.complete).toBe(false);
    expect(first.failures).toHaveLength(1);
    // Anna is on the server and mapped; her item moved; Ben and his item wait; nothing is cleared.
    expect(world.mapping).toEqual({ 1: 100 });
    expect(world.guests).toHaveLength(2);
    expect(world.items.find((i) => i.id === 12)).toMatchObject({ guest_visitor: 2 });

    // The network is back: the retry (e.g. the next start of the app) posts Ben only.
    const retry = fakeWorld({
      guests: world.guests,
      server: world.server,
      items: world.items,
      mapping: world.mapping,
    });
    const second = await transferGuestData(retry.ports);
    expect(second).toMatchObject({ posted: 1, reassigned: 1, complete: true });
    expect(retry.calls.filter((c) => c.startsWith("create"))).toEqual(["create Ben"]);
    expect(retry.server.map((v) => v.first_name)).toEqual(["Anna", "Ben"]);
    expect(retry.items.every((i) => i.guest_visitor === null)).toBe(true);
    expect(retry.guests).toEqual([]);
  });

  it("maps a guest child identical to a saved child onto it instead of posting a duplicate", async () => {
    const saved: Visitor = { id: 7, first_name: "anna ", last_name: "MUSTER", birth_date: "2017-03-04" };
    const world = fakeWorld({
      guests: [anna],
      server: [saved],
      items: [{ id: 11, guest_visitor: 1, visitor: null }],
    });
    const report = await transferGuestData(world.ports);
    expect(report).toMatchObject({ posted: 0, matched: 1, reassigned: 1, complete: true });
    expect(world.server).toHaveLength(1);
    expect(world.items[0]).toMatchObject({ visitor: 7 });
  });

  it("maps two local entries of one child onto one server child and deletes the item booked twice", async () => {
    const annaAgain: GuestVisitor = { ...anna, id: 2 };
    const world = fakeWorld({
      guests: [anna, annaAgain],
      items: [
        { id: 11, guest_visitor: 1, visitor: null },
        { id: 12, guest_visitor: 2, visitor: null }, // same slot: the server refuses the same child twice
        { id: 13, guest_visitor: 2, visitor: null }, // another slot
      ],
      bookedSlots: [{ itemId: 12, visitorId: 100 }],
    });
    const report = await transferGuestData(world.ports);
    expect(report).toMatchObject({
      posted: 1,
      matched: 1,
      reassigned: 2,
      removedDuplicates: 1,
      complete: true,
    });
    expect(world.server).toHaveLength(1);
    expect(world.items.map((i) => [i.id, i.visitor])).toEqual([
      [11, 100],
      [13, 100],
    ]);
  });

  it("does not clear the guest's children while an item could not be reassigned", async () => {
    const world = fakeWorld({ guests: [anna], items: [{ id: 11, guest_visitor: 1, visitor: null }] });
    world.ports.cart.reassign = async () => {
      throw { status: 0 };
    };
    const report = await transferGuestData(world.ports);
    expect(report.complete).toBe(false);
    expect(world.guests).toEqual([anna]);
    expect(world.mapping).toEqual({ 1: 100 });
  });

  it("leaves items naming an unknown guest child alone and still finishes", async () => {
    const world = fakeWorld({ guests: [anna], items: [{ id: 11, guest_visitor: 9, visitor: null }] });
    const report = await transferGuestData(world.ports);
    expect(report).toMatchObject({ orphanItems: 1, reassigned: 0, complete: true });
    expect(world.calls).not.toContain("patch 11->100");
  });

  it("does nothing without guest children", async () => {
    const world = fakeWorld({ guests: [] });
    const report = await transferGuestData(world.ports);
    expect(report.complete).toBe(true);
    expect(world.calls).toEqual([]);
  });
});

describe("sameChild", () => {
  it("compares names without case and extra spaces, and the birth date exactly", () => {
    expect(sameChild(anna, { ...anna, first_name: " ANNA" })).toBe(true);
    expect(sameChild(anna, { ...anna, birth_date: "2017-03-05" })).toBe(false);
  });
});
