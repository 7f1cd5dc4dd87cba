// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import { ContactForm } from "./contact-form.tsx";

function renderForm(locale: "de" | "ru" = "de") {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return renderInLocale(
    <QueryClientProvider client={client}>
      <ContactForm kind="callback" />
    </QueryClientProvider>,
    locale,
  );
}

describe("ContactForm's phone (D486)", () => {
  it("takes a Berlin number typed the way people write it at home, as the sign-up's phone does", () => {
    renderForm();
    const phone = screen.getByLabelText<HTMLInputElement>(/^Telefonnummer/);
    expect(phone.value).toBe("+49");
    // The parent clears the "+49" and types the number from the letterhead.
    fireEvent.change(phone, { target: { value: "030 12345678" } });
    expect(phone.value).toBe("+493012345678");
    fireEvent.change(phone, { target: { value: "0049 30 1234567" } });
    expect(phone.value).toBe("+49301234567");
    // A Russian number with its country's code stays as typed.
    fireEvent.change(phone, { target: { value: "+7 916 123-45-67" } });
    expect(phone.value).toBe("+79161234567");
  });
});
