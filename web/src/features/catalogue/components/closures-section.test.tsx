// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import { ClosuresSection } from "./product-page.tsx";

vi.mock("@tanstack/react-router", () => ({ Link: () => null }));

const closures = [{ starts_on: "2027-02-01", ends_on: "2027-02-06", name: "Winterferien" }];

describe("a page's closed days (D630)", () => {
  it("speak of a paused subscription on a course's page", () => {
    renderInLocale(<ClosuresSection closures={closures} course />, "de");
    expect(screen.getByTestId("product-closures").textContent).toContain("Ein laufendes Abo ruht");
  });

  it("say the house is closed on other pages, in Russian too", () => {
    renderInLocale(<ClosuresSection closures={closures} course={false} />, "ru");
    const text = screen.getByTestId("product-closures").textContent ?? "";
    expect(text).toContain("В эти дни здание закрыто.");
    expect(text).not.toContain("абонемент");
  });
});
