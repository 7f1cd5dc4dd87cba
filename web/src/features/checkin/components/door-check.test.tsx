// @vitest-environment jsdom
import type { Checkin } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../../../lib/api-client.ts";
import { renderInLocale } from "../../../test/render.tsx";
import { playDoorTone } from "../door-sound.ts";
import { codeOf, DoorCheck } from "./door-check.tsx";

vi.mock("../../../lib/api-client.ts", async (original) => ({
  ...(await original<typeof import("../../../lib/api-client.ts")>()),
  api: { get: vi.fn(), post: vi.fn() },
}));
vi.mock("../door-sound.ts", () => ({ playDoorTone: vi.fn() }));

const CODE = "Zm9vYmFyYmF6cXV4cXV1eA";
const slot = { id: 9, weekday: 3, date: null, start: "16:00", end: "17:30" };
const booking: Checkin = {
  code: CODE,
  valid: true,
  status: "checked_in",
  lesson: { date: "2026-11-26", slot },
  visitor_name: "Mila Muster",
  product_page: { id: 3, name: "Kleine Maler", product_type: "Course" },
  purchase_option_name: "1 × pro Woche",
  schedule_slot_details: [slot],
  academy_week_details: [],
  order: 41,
  checked_in_at: "2026-11-26T15:02:00Z",
};

function renderDoor(locale: "de" | "ru" = "de") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInLocale(
    <QueryClientProvider client={client}>
      <DoorCheck />
    </QueryClientProvider>,
    locale,
  );
}

async function scan(text: string, button = "Einchecken") {
  fireEvent.change(screen.getByRole("textbox"), { target: { value: text } });
  fireEvent.click(screen.getByRole("button", { name: button }));
  return screen.findByTestId("door-result");
}

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
  vi.mocked(playDoorTone).mockReset();
});

describe("the door's manual code field", () => {
  it("checks a child in: green, with the child, the offer and today's slot, and a high tone", async () => {
    vi.mocked(api.post).mockResolvedValue(booking);
    renderDoor();
    const result = await scan(` ${CODE} `);
    expect(api.post).toHaveBeenCalledWith(`/api/v2/checkin/${CODE}/`, {});
    expect(result.dataset.colour).toBe("green");
    expect(result.textContent).toContain("Eingecheckt");
    expect(screen.getByTestId("door-child").textContent).toBe("Mila Muster");
    expect(result.textContent).toContain("Kleine Maler · 1 × pro Woche");
    expect(screen.getByTestId("door-slot").textContent).toBe("Donnerstag 16:00–17:30");
    expect(playDoorTone).toHaveBeenCalledWith("ok");
    expect((screen.getByRole("textbox") as HTMLInputElement).value).toBe("");
  });

  it("a second scan is amber and says when, on the school's clock, in Russian too", async () => {
    vi.mocked(api.post).mockResolvedValue({ ...booking, status: "already_checked_in" });
    renderDoor("ru");
    const result = await scan(`https://shop.example/QrCodeScanner?code=${CODE}`, "Отметить приход");
    expect(api.post).toHaveBeenCalledWith(`/api/v2/checkin/${CODE}/`, {});
    expect(result.dataset.colour).toBe("amber");
    expect(result.textContent).toContain("Приход уже отмечен сегодня в 16:02");
    expect(playDoorTone).toHaveBeenCalledWith("again");
  });

  it("a code for another day is red, says so, and still names the child from the booking", async () => {
    vi.mocked(api.post).mockRejectedValue(
      new ApiError(400, { error_codes: { non_field_errors: ["checkin_not_today"] } }),
    );
    vi.mocked(api.get).mockResolvedValue({ ...booking, valid: false, status: "not_today", lesson: null });
    renderDoor();
    const result = await scan(CODE);
    expect(result.dataset.colour).toBe("red");
    expect(result.textContent).toContain("Heute kein Termin mit dieser Buchung");
    expect(await screen.findByText("Mila Muster")).toBeTruthy();
    expect(playDoorTone).toHaveBeenCalledWith("no");
  });

  it.each([
    ["de", "Abo gekündigt und abgelaufen: keine Stunden mehr", "Einchecken"],
    ["ru", "Абонемент расторгнут и закончился: занятий больше нет", "Отметить приход"],
  ] as const)(
    "a subscription past its last paid day is red, says so (%s) and names the child (D647)",
    async (locale, text, button) => {
      vi.mocked(api.post).mockRejectedValue(
        new ApiError(400, { error_codes: { non_field_errors: ["checkin_contract_ended"] } }),
      );
      vi.mocked(api.get).mockResolvedValue({
        ...booking,
        valid: false,
        status: "contract_ended",
        lesson: null,
      });
      renderDoor(locale);
      const result = await scan(CODE, button);
      expect(result.dataset.colour).toBe("red");
      expect(result.textContent).toContain(text);
      expect(await screen.findByText("Mila Muster")).toBeTruthy();
      expect(playDoorTone).toHaveBeenCalledWith("no");
    },
  );

  it.each([
    [new ApiError(400, { error_codes: { non_field_errors: ["checkin_cancelled"] } }), "Storniert"],
    [new ApiError(400, { error_codes: { non_field_errors: ["checkin_unpaid"] } }), "Nicht bezahlt"],
    [new ApiError(404, { detail: "Nicht gefunden." }), "Unbekannter Code"],
    [new ApiError(403, { detail: "Keine Berechtigung." }), "Nur das Team der Schule"],
    [new ApiError(0, null), "hat nicht geklappt"],
  ])("a refusal (%s) is red and says why", async (error, text) => {
    vi.mocked(api.post).mockRejectedValue(error);
    vi.mocked(api.get).mockRejectedValue(error);
    renderDoor();
    const result = await scan(CODE);
    expect(result.dataset.colour).toBe("red");
    expect(result.textContent).toContain(text);
  });

  it("a text that is no code is unknown without asking the server", async () => {
    renderDoor();
    const result = await scan("hallo");
    expect(result.textContent).toContain("Unbekannter Code");
    expect(api.post).not.toHaveBeenCalled();
    expect(codeOf(`x?code=${CODE}&y=1`)).toBe(CODE);
  });
});

describe("the door's camera", () => {
  it("checks in the code a QR code carries, once however long it is held up; switched on only on request", async () => {
    let seen: ((result: { getText(): string } | undefined) => void) | undefined;
    const stop = vi.fn();
    vi.doMock("@zxing/browser", () => ({
      BrowserQRCodeReader: class {
        decodeFromConstraints(_c: unknown, _v: unknown, callback: typeof seen) {
          seen = callback;
          return Promise.resolve({ stop });
        }
      },
    }));
    vi.mocked(api.post).mockResolvedValue(booking);
    renderDoor();
    expect(screen.queryByTestId("door-video")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Kamera einschalten" }));
    await vi.waitFor(() => expect(seen).toBeTypeOf("function"));
    const link = `https://shop.example/QrCodeScanner?code=${CODE}`;
    seen?.({ getText: () => link });
    seen?.({ getText: () => link });
    expect((await screen.findByTestId("door-result")).dataset.colour).toBe("green");
    expect(api.post).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Kamera ausschalten" }));
    expect(stop).toHaveBeenCalled();
  });

  it("a camera that cannot be opened says so; the manual field stays", async () => {
    vi.doMock("@zxing/browser", () => ({
      BrowserQRCodeReader: class {
        decodeFromConstraints() {
          return Promise.reject(new DOMException("denied", "NotAllowedError"));
        }
      },
    }));
    renderDoor("ru");
    fireEvent.click(screen.getByRole("button", { name: "Включить камеру" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Не удалось включить камеру. Введите код вручную.",
    );
    expect(screen.getByRole("textbox")).toBeTruthy();
  });
});
