// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInLocale } from "../test/render.tsx";
import { PurchaseTermsList } from "./purchase-terms.tsx";

const terms = { house: null, first_lesson: "2027-04-10", period: null, next_payment: null };

afterEach(cleanup);

describe("the first date of a line (D496)", () => {
  it("is the first lesson of a running course", () => {
    renderInLocale(<PurchaseTermsList terms={terms} recurring refundDaysBefore={null} locale="de" />);
    expect(screen.getByTestId("terms-first").textContent).toMatch(/^Erste Stunde: /);
  });

  it("is the start of a workshop, an event or an academy, in German and in Russian", () => {
    renderInLocale(<PurchaseTermsList terms={terms} recurring={false} refundDaysBefore={7} locale="de" />);
    expect(screen.getByTestId("terms-first").textContent).toMatch(/^Beginn: /);
    cleanup();
    renderInLocale(
      <PurchaseTermsList terms={terms} recurring={false} refundDaysBefore={7} locale="ru" />,
      "ru",
    );
    expect(screen.getByTestId("terms-first").textContent).toMatch(/^Начало: /);
  });
});
