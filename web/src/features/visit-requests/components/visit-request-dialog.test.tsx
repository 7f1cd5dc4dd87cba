// @vitest-environment jsdom
import type { Visitor, VisitRequestKind } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import { offeredVisitRequestKinds } from "../offered-kinds.ts";
import { VisitRequestDialog } from "./visit-request-dialog.tsx";

const product = { id: 31, name: "Kleine Maler" };

function renderDialog(
  kind: VisitRequestKind,
  locale: "de" | "ru" = "de",
  extra: { savedChildren?: Visitor[]; product?: Parameters<typeof VisitRequestDialog>[0]["product"] } = {},
) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return renderInLocale(
    <QueryClientProvider client={client}>
      <VisitRequestDialog
        kind={kind}
        product={extra.product ?? product}
        open
        onOpenChange={() => undefined}
        adult={{ first_name: "Paula", last_name: "Parent", email: "paula@example.com", phone: "+4930123456" }}
        savedChildren={extra.savedChildren ?? []}
      />
    </QueryClientProvider>,
    locale,
  );
}

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A date `days` from now as YYYY-MM-DD. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

afterEach(() => vi.unstubAllGlobals());

describe("VisitRequestDialog (D84)", () => {
  it("takes an adult's Berlin number typed with its trunk 0, as the sign-up's phone does (D486)", () => {
    vi.stubGlobal("fetch", vi.fn());
    renderDialog("trial");
    const dialog = screen.getByRole("dialog", { name: "Probestunde anfragen" });
    const phone = within(dialog).getAllByLabelText<HTMLInputElement>(/^Telefonnummer/)[0];
    if (!phone) throw new Error("no phone field");
    fireEvent.change(phone, { target: { value: "030 12345678" } });
    expect(phone.value).toBe("+493012345678");
  });

  it("checks the form with the contract's rules before sending, in German", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderDialog("trial");
    const dialog = screen.getByRole("dialog", { name: "Probestunde anfragen" });
    // The focus starts in the first field; the first adult comes from the profile.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText("Vorname des Kindes *")),
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>("E-Mail-Adresse *").value).toBe(
      "paula@example.com",
    );
    fireEvent.change(within(dialog).getByLabelText("E-Mail-Adresse *"), {
      target: { value: "keine-adresse" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Anfrage senden" }));

    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe("Bitte prüfen Sie die markierten Felder."),
    );
    const firstName = within(dialog).getByLabelText("Vorname des Kindes *");
    expect(firstName.getAttribute("aria-invalid")).toBe("true");
    // The first refused field on screen takes the focus, not the date the dialog registered first.
    expect(document.activeElement).toBe(firstName);
    expect(firstName.getAttribute("aria-describedby")).toBeTruthy();
    expect(within(dialog).getAllByText("Dieses Feld ist erforderlich.")).toHaveLength(3); // 2 names + the date
    expect(within(dialog).getByText("Geben Sie eine gültige E-Mail-Adresse ein.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("speaks Russian and refuses a date in the past", async () => {
    vi.stubGlobal("fetch", vi.fn());
    renderDialog("out", "ru");
    const dialog = screen.getByRole("dialog", { name: "Заказать выездное занятие" });
    fireEvent.change(within(dialog).getByLabelText("Желаемая дата *"), { target: { value: "2020-01-01" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Отправить заявку" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe("Пожалуйста, проверьте отмеченные поля."),
    );
    expect(within(dialog).getByText("Дата не может быть в прошлом.")).toBeTruthy();
    expect(within(dialog).getAllByText("Это поле обязательно.")).toHaveLength(2);
  });

  it("sends a waiting request without a date and a ticked saved child, then confirms", async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      reply(201, { id: 1, kind: "waiting", ...JSON.parse(String(init?.body)) }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderDialog("waiting", "de", {
      savedChildren: [{ id: 7, first_name: "Mila", last_name: "Muster", birth_date: "2018-05-01" }],
    });
    const dialog = screen.getByRole("dialog", { name: "Auf die Warteliste (Anfrage)" });
    // With saved children nothing is typed until asked for: without a tick the form says so. The button has
    // the focus, as after a real click or Enter.
    const send = within(dialog).getByRole("button", { name: "Anfrage senden" });
    send.focus();
    fireEvent.click(send);
    const none = await within(dialog).findByText("Bitte wählen Sie ein Kind oder geben Sie eines ein.");
    // The refusal is the saved children's: their first box takes the focus and reads it (D627).
    const mila = within(dialog).getByRole("checkbox", { name: "Mila Muster" });
    await waitFor(() => expect(document.activeElement).toBe(mila));
    expect(mila.getAttribute("aria-invalid")).toBe("true");
    expect(mila.getAttribute("aria-describedby")).toBe(none.id);
    fireEvent.click(mila);
    fireEvent.click(within(dialog).getByRole("button", { name: "Anfrage senden" }));

    const status = await within(dialog).findByRole("status");
    expect(status.textContent).toContain("Ihre Anfrage für die Warteliste ist bei uns eingegangen.");
    expect(status.textContent).toContain("paula@example.com");
    await waitFor(() => expect(document.activeElement).toBe(status));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain("/api/v2/orders/visit_request/waiting/");
    expect(JSON.parse(String(init?.body))).toEqual({
      product_page: 31,
      children: [{ id: 7, first_name: "Mila", last_name: "Muster", birth_date: "2018-05-01" }],
      adults: [
        {
          first_name: "Paula",
          last_name: "Parent",
          email: "paula@example.com",
          phone: "+4930123456",
          relation: "",
        },
      ],
      date: null,
      schedule_slot: null,
    });
  });

  it("sends a trial's chosen day with its group, and shows an error on the group at the day's list (D329)", async () => {
    const fetchMock = vi.fn(async () =>
      reply(400, {
        schedule_slot: ["Diese Gruppe trifft sich an dem gewählten Tag nicht."],
        error_codes: { schedule_slot: ["trial_slot_not_that_day"] },
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    // Two groups on the same weekday, a week on: two choices that day.
    const day = inDays(7);
    const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
    const slots = [
      { id: 41, weekday, date: null, start: "16:00", end: "17:00" },
      { id: 42, weekday, date: null, start: "17:30", end: "18:30" },
    ];
    renderDialog("trial", "de", { product: { ...product, schedule_slots: slots as never, closures: [] } });
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Vorname des Kindes *"), { target: { value: "Mila" } });
    fireEvent.change(within(dialog).getByLabelText("Nachname des Kindes *"), { target: { value: "Muster" } });
    const list = within(dialog).getByLabelText<HTMLSelectElement>("Termin der Probestunde *");
    const later = [...list.options].find((option) => option.value === `${day}|42`);
    expect(later?.text).toMatch(/17:30–18:30$/);
    fireEvent.change(list, { target: { value: `${day}|42` } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Anfrage senden" }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = (fetchMock.mock.calls[0] ?? []) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ date: day, schedule_slot: 42 });
    expect(
      await within(dialog).findByText(/Diese Gruppe trifft sich an dem gewählten Tag nicht/),
    ).toBeTruthy();
    expect(list.getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the server's field errors under their fields", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        reply(400, {
          "adults.0.email": ["Enter a valid email address."],
          error_codes: { "adults.0.email": ["invalid_email"] },
        }),
      ),
    );
    renderDialog("trial");
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Vorname des Kindes *"), { target: { value: "Mila" } });
    fireEvent.change(within(dialog).getByLabelText("Nachname des Kindes *"), { target: { value: "Muster" } });
    fireEvent.change(within(dialog).getByLabelText("Wunschtermin *"), { target: { value: inDays(7) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Anfrage senden" }));

    expect(await within(dialog).findByText("Geben Sie eine gültige E-Mail-Adresse ein.")).toBeTruthy();
    const email = within(dialog).getByLabelText("E-Mail-Adresse *");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(within(dialog).getByRole("alert").textContent).toBe("Bitte prüfen Sie die markierten Felder.");
  });

  it("shows a trial child's age refusal under the birth date with the child, its age and the group", async () => {
    const words = "Lev ist am Tag des Termins 4 Jahre alt; das Angebot ist für die Altersgruppe 5–7.";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        reply(400, {
          "children.0.birth_date": [words],
          error_codes: { "children.0.birth_date": ["child_age_date"] },
        }),
      ),
    );
    renderDialog("trial");
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Vorname des Kindes *"), { target: { value: "Lev" } });
    fireEvent.change(within(dialog).getByLabelText("Nachname des Kindes *"), { target: { value: "Muster" } });
    fireEvent.change(within(dialog).getByLabelText("Wunschtermin *"), { target: { value: inDays(7) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Anfrage senden" }));

    expect(await within(dialog).findByText(words)).toBeTruthy();
    const birthDate = within(dialog).getByLabelText("Geburtsdatum (optional)");
    await waitFor(() => expect(document.activeElement).toBe(birthDate));
    expect(birthDate.getAttribute("aria-invalid")).toBe("true");
  });

  it("focuses the first of the server's refused fields on screen, whatever the order of its reply", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        reply(400, {
          date: ["…"],
          "adults.0.email": ["…"],
          error_codes: { date: ["date_in_past"], "adults.0.email": ["invalid_email"] },
        }),
      ),
    );
    renderDialog("trial");
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Vorname des Kindes *"), { target: { value: "Mila" } });
    fireEvent.change(within(dialog).getByLabelText("Nachname des Kindes *"), { target: { value: "Muster" } });
    fireEvent.change(within(dialog).getByLabelText("Wunschtermin *"), { target: { value: inDays(7) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Anfrage senden" }));

    const email = within(dialog).getByLabelText("E-Mail-Adresse *");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(within(dialog).getByLabelText("Wunschtermin *").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(email));
  });
});

describe("offeredVisitRequestKinds (D84)", () => {
  const today = "2026-11-24";
  const base = { schedule_slots: [], next_week_starts_on: null, last_week_ends_on: null };
  const weekly = (space: number) => ({
    weekday: 2,
    date: null,
    start: "16:00",
    end: "17:30",
    space,
  });

  it("offers a trial for courses, a visit for school and special offers", () => {
    expect(
      offeredVisitRequestKinds({ ...base, product_type: "Course", schedule_slots: [weekly(3)] }, today),
    ).toEqual(["trial"]);
    expect(offeredVisitRequestKinds({ ...base, product_type: "SchoolOffer" }, today)).toEqual(["out"]);
    expect(offeredVisitRequestKinds({ ...base, product_type: "SpecialOffer" }, today)).toEqual(["out"]);
    expect(offeredVisitRequestKinds({ ...base, product_type: "GiftCard" }, today)).toEqual([]);
  });

  it("offers the waiting request only where no upcoming date is set (full dates have their own, D144)", () => {
    const dated = (date: string, space: number) => ({ ...weekly(space), weekday: null, date });
    expect(
      offeredVisitRequestKinds(
        {
          ...base,
          product_type: "Workshop",
          schedule_slots: [dated("2027-02-13", 0), dated("2027-04-17", 8)],
        },
        today,
      ),
    ).toEqual([]);
    expect(
      offeredVisitRequestKinds(
        {
          ...base,
          product_type: "Workshop",
          schedule_slots: [dated("2027-02-13", 0), dated("2026-01-10", 4)],
        },
        today,
      ),
    ).toEqual([]);
    expect(
      offeredVisitRequestKinds(
        { ...base, product_type: "Workshop", schedule_slots: [dated("2026-10-01", 4)] },
        today,
      ),
    ).toEqual(["waiting"]);
    expect(
      offeredVisitRequestKinds(
        { ...base, product_type: "Workshop", schedule_slots: [dated("2027-02-13", 2)] },
        today,
      ),
    ).toEqual([]);
    expect(offeredVisitRequestKinds({ ...base, product_type: "Event" }, today)).toEqual(["waiting"]);
    expect(
      offeredVisitRequestKinds(
        { ...base, product_type: "Course", schedule_slots: [weekly(0), weekly(0)] },
        today,
      ),
    ).toEqual(["trial"]);
  });
});
