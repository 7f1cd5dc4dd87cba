// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { RecordContextProvider } from "react-admin";
import { afterEach, describe, expect, it } from "vitest";
import { PhoneField } from "./contact-fields.tsx";

afterEach(cleanup);

const shown = (phone: string) => {
  render(
    <RecordContextProvider value={{ id: 1, phone_number: phone }}>
      <PhoneField source="phone_number" />
    </RecordContextProvider>,
  );
  return screen.getByRole("link");
};

describe("a parent's phone in the back office's lists and pages", () => {
  it("reads grouped and dials the international number", () => {
    const link = shown("+491761234567");
    expect(link.textContent).toBe("+49 176 1234567");
    expect(link.getAttribute("href")).toBe("tel:+491761234567");
  });

  it("dials a number kept the national way (an older record) with Germany's code", () => {
    const link = shown("030/1234567");
    expect(link.getAttribute("href")).toBe("tel:+49301234567");
    expect(link.textContent).toBe("030/1234567");
  });
});
