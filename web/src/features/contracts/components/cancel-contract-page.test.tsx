// @vitest-environment jsdom

import type { CancellableContract } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import type { Session } from "../../../lib/session.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { cancellableQueryOptions, declareCancellation } from "../api/contracts-api.ts";
import { CancelContractPage } from "./cancel-contract-page.tsx";

// "Verträge hier kündigen" (§ 312k BGB, D73): what the page sends, what it refuses before sending and how it
// shows the server's refusal and the receipt.

vi.mock("../api/contracts-api.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../api/contracts-api.ts")>()),
  declareCancellation: vi.fn(),
}));

const CONTRACT: CancellableContract = {
  item: 41,
  contract_number: "K7QM-3XHD-9PRA",
  name: "Malkurs",
  visitor_name: "Mia",
  paid_until: "2027-04-01T10:00:00.000Z",
  ends_at: null,
  paid_through: "2027-04-01",
};
const SESSION: Session = {
  token: "t",
  user: { pk: 5, email: "eva@example.org", first_name: "Eva", last_name: "Muster" },
};

function withClient(ui: ReactElement, contracts?: CancellableContract[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (contracts) client.setQueryData(cancellableQueryOptions("5").queryKey, contracts);
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

const field = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const send = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "jetzt kündigen" })));

beforeEach(() => vi.mocked(declareCancellation).mockReset());

describe("the cancellation page", () => {
  it("refuses empty fields before sending, each beside its field", async () => {
    renderInLocale(withClient(<CancelContractPage session={null} />));
    await send();
    expect(declareCancellation).not.toHaveBeenCalled();
    expect(field("Vertragsnummer").getAttribute("aria-invalid")).toBe("true");
    expect(field("Ihr Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText("Dieses Feld ist erforderlich.").length).toBeGreaterThanOrEqual(2);
  });

  it("sends a guest's declaration for a date and says when it was received", async () => {
    vi.mocked(declareCancellation).mockResolvedValue({
      received_at: "2027-03-10T09:30:00.000Z",
      email: "eva@example.org",
    });
    renderInLocale(withClient(<CancelContractPage session={null} />));
    type("Vertragsnummer", "K7QM-3XHD-9PRA");
    type("Ihr Name", "Eva Muster");
    type("Ihre E-Mail-Adresse", "eva@example.org");
    fireEvent.click(screen.getByRole("radio", { name: /Außerordentliche Kündigung/ }));
    type(/^Grund/, "Umzug");
    fireEvent.click(screen.getByRole("radio", { name: "Zu einem Datum" }));
    type("Datum", "2027-05-31");
    await send();
    expect(vi.mocked(declareCancellation).mock.calls[0]?.[0]).toEqual({
      name: "Eva Muster",
      email: "eva@example.org",
      contract: "K7QM-3XHD-9PRA",
      kind: "extraordinary",
      reason: "Umzug",
      end: "2027-05-31",
    });
    const received = await screen.findByTestId("cancel-received");
    expect(received.textContent).toContain("10. März 2027");
    expect(received.textContent).toContain("eva@example.org");
    await waitFor(() => expect(document.activeElement).toBe(received));
  });

  it("shows the server's refusal beside its field, and a general failure when no field is named", async () => {
    vi.mocked(declareCancellation).mockRejectedValueOnce(
      new ApiError(400, { email: ["x"], error_codes: { email: ["invalid"] } }),
    );
    renderInLocale(withClient(<CancelContractPage session={null} />));
    type("Vertragsnummer", "K7QM-3XHD-9PRA");
    type("Ihr Name", "Eva Muster");
    type("Ihre E-Mail-Adresse", "eva@example.org");
    await send();
    expect(field("Ihre E-Mail-Adresse").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText("Bitte prüfen Sie diese Angabe.").length).toBeGreaterThanOrEqual(1);

    vi.mocked(declareCancellation).mockRejectedValueOnce(new ApiError(0, null));
    await send();
    screen.getByText("Die Kündigung konnte nicht gesendet werden. Bitte versuchen Sie es erneut.");
  });

  it("offers a signed-in parent's running contracts with name and e-mail filled in, and sends the chosen one", async () => {
    vi.mocked(declareCancellation).mockResolvedValue({ received_at: "2027-03-10T09:30:00.000Z", email: "x" });
    renderInLocale(withClient(<CancelContractPage session={SESSION} preselect={41} />, [CONTRACT]));
    expect(field("Ihr Name").value).toBe("Eva Muster");
    expect(field("Ihre E-Mail-Adresse").value).toBe("eva@example.org");
    const choice = screen.getByRole("combobox", { name: "Vertrag" });
    expect((choice as HTMLSelectElement).value).toBe("41");
    const options = screen.getAllByRole("option").map((option) => option.textContent);
    expect(options).toEqual([
      "Bitte wählen …",
      "Malkurs (Mia) · Nr. K7QM-3XHD-9PRA · bezahlt bis Do., 1. Apr. 2027",
    ]);
    // A chosen contract needs no number typed in.
    expect(screen.queryByLabelText("Vertragsnummer")).toBeNull();
    // "Bitte wählen …" brings the number field back.
    fireEvent.change(choice, { target: { value: "" } });
    expect(field("Vertragsnummer").value).toBe("");
    fireEvent.change(choice, { target: { value: "41" } });
    await send();
    expect(vi.mocked(declareCancellation).mock.calls[0]?.[0]).toEqual({
      name: "Eva Muster",
      email: "eva@example.org",
      contract: "K7QM-3XHD-9PRA",
      item: 41,
      kind: "ordinary",
      reason: "",
      end: "next_possible",
    });
  });
});
