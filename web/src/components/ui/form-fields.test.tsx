// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TextField } from "./form-fields.tsx";

afterEach(cleanup);

const describedText = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

describe("TextField's hint and error", () => {
  it("reads the hint and the error, each once", () => {
    render(<TextField label="Geburtsdatum" hint="TT.MM.JJJJ" error="Dieses Feld ist erforderlich." />);
    expect(describedText(screen.getByLabelText("Geburtsdatum"))).toBe(
      "TT.MM.JJJJ | Dieses Feld ist erforderlich.",
    );
  });

  it("shows an error that repeats the hint once, in the hint's place", () => {
    const rule = "Teilnehmende müssen mindestens 2 Jahre alt sein.";
    render(<TextField label="Geburtsdatum" hint={rule} error={rule} />);
    const input = screen.getByLabelText("Geburtsdatum");
    expect(describedText(input)).toBe(rule);
    expect(screen.getAllByText(rule)).toHaveLength(1);
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });
});
