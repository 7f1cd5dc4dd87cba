// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { advance, renderInLocale } from "../../../test/render.tsx";
import PayPalArea from "./paypal-area.tsx";

/** PayPal's React wrapper, reduced to what the area reads: the script's state and the buttons' props. */
const sdk = vi.hoisted(() => ({
  state: { isPending: false, isRejected: false },
  providers: [] as Record<string, unknown>[],
  buttons: [] as Record<string, unknown>[],
}));
vi.mock("@paypal/react-paypal-js", () => ({
  PayPalScriptProvider: ({
    options,
    children,
  }: {
    options: Record<string, unknown>;
    children: ReactNode;
  }) => {
    sdk.providers.push(options);
    return <div data-testid="provider">{children}</div>;
  },
  usePayPalScriptReducer: () => [sdk.state, vi.fn()],
  PayPalButtons: (props: Record<string, unknown>) => {
    sdk.buttons.push(props);
    return <div data-testid="paypal-buttons" />;
  },
}));

const options = {
  clientId: "stand-in-client",
  currency: "EUR",
  intent: "capture",
  disableFunding: "credit,card",
  locale: "de_DE",
  sdkBaseUrl: "http://127.0.0.1:3198/sdk/js",
};

beforeEach(() => {
  vi.useFakeTimers();
  sdk.state = { isPending: false, isRejected: false };
  sdk.providers = [];
  sdk.buttons = [];
});

describe("PayPal area", () => {
  it("loads the SDK with the shop's options and draws no buttons before the order", async () => {
    renderInLocale(<PayPalArea options={options} showButtons={false} handlers={{}} />);
    await advance(0);
    expect(sdk.providers.at(-1)).toEqual(options);
    expect(screen.queryByTestId("paypal-buttons")).toBeNull();
  });

  it("says when PayPal's script failed to load, logs it as the spec words it, and tries again", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    sdk.state = { isPending: false, isRejected: true };
    renderInLocale(<PayPalArea options={options} showButtons handlers={{}} />);
    await advance(0);
    expect(screen.getByRole("alert").textContent).toContain("PayPal konnte nicht geladen werden.");
    expect(error).toHaveBeenCalledWith("Failed to load the PayPal SDK script");
    sdk.state = { isPending: false, isRejected: false };
    const before = sdk.providers.length;
    fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    await advance(0);
    expect(sdk.providers.length).toBeGreaterThan(before);
    expect(screen.getByTestId("paypal-buttons")).not.toBeNull();
    error.mockRestore();
  });

  it("hides broken buttons after the SDK's onError and offers to try again", async () => {
    const onError = vi.fn();
    renderInLocale(<PayPalArea options={options} showButtons handlers={{ onError }} />);
    await advance(0);
    const props = sdk.buttons.at(-1) as { onError: (error: Record<string, unknown>) => void };
    act(() => props.onError({ message: "window closed unexpectedly" }));
    expect(onError).toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toContain("Bei der Zahlung ist ein Fehler aufgetreten.");
    fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    await advance(0);
    expect(screen.getByTestId("paypal-buttons")).not.toBeNull();
  });
});
