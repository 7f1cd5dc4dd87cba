import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./attachment.ts";

describe("a download's Content-Disposition (D611)", () => {
  it("keeps an ASCII name as it is", () => {
    expect(attachmentDisposition("Mila-4.ics")).toBe('attachment; filename="Mila-4.ics"');
  });

  it("gives a Cyrillic or German name in UTF-8 beside an ASCII stand-in, never a character a header refuses", () => {
    const value = attachmentDisposition("Маша-1.ics");
    expect(value).toBe(`attachment; filename="____-1.ics"; filename*=UTF-8''%D0%9C%D0%B0%D1%88%D0%B0-1.ics`);
    expect(value).toMatch(/^[\x20-\x7e]+$/);
    expect(attachmentDisposition('Jörg\'s "Kurs".pdf')).toBe(
      `attachment; filename="J_rg's _Kurs_.pdf"; filename*=UTF-8''J%C3%B6rg%27s%20%22Kurs%22.pdf`,
    );
  });
});
