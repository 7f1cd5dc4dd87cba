import { describe, expect, it } from "vitest";
import { placeNote } from "./place-note.ts";

const house = { name: "Atelier Prenzlauer Berg", address: "Kastanienallee 12, 10435 Berlin" };

describe("placeNote (issue 32 item 11: the house named once)", () => {
  it("keeps only the room when the place repeats the address around it", () => {
    expect(placeNote("Kastanienallee 12 (Keramikwerkstatt im Hof), 10435 Berlin", house)).toBe(
      "Keramikwerkstatt im Hof",
    );
  });

  it("says nothing when the place is only the address or the house's name", () => {
    expect(placeNote("Kastanienallee 12, 10435 Berlin", house)).toBeNull();
    expect(placeNote("Atelier Prenzlauer Berg", house)).toBeNull();
    expect(placeNote(null, house)).toBeNull();
  });

  it("keeps a place that names something else whole", () => {
    expect(placeNote("Raum 2, erster Stock", house)).toBe("Raum 2, erster Stock");
  });
});
