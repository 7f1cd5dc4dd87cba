import { describe, expect, it } from "vitest";
import { downloadName } from "./download-name.ts";

describe("a download's file name (D611)", () => {
  it("takes the UTF-8 name where there is one, else the quoted one, else the fallback", () => {
    expect(
      downloadName(`attachment; filename="____-1.ics"; filename*=UTF-8''%D0%9C%D0%B0%D1%88%D0%B0-1.ics`, "x"),
    ).toBe("Маша-1.ics");
    expect(downloadName('attachment; filename="Mila-4.ics"', "x")).toBe("Mila-4.ics");
    expect(downloadName(`attachment; filename="J_rg.pdf"; filename*=UTF-8''%E0%A4%A`, "x")).toBe("J_rg.pdf");
    expect(downloadName(null, "calendar-4.ics")).toBe("calendar-4.ics");
  });
});
