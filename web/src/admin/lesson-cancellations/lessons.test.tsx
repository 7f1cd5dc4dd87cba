// @vitest-environment jsdom
import type {
  CreditView,
  Dashboard as DashboardData,
  LessonSummary,
  Locale,
  Roster,
} from "@atelier/contract";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import russianMessages from "ra-language-russian";
import type { ReactElement } from "react";
import { AdminContext, HttpError, mergeTranslations, ResourceContextProvider } from "react-admin";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { ru } from "../i18n/ru.ts";
import { AttendancePage } from "../pages/attendance.tsx";
import { Dashboard } from "../pages/dashboard.tsx";
import { ReminderSwitchesPage } from "../pages/reminder-switches.tsx";
import { FamilyCredits } from "../people/family-credits.tsx";
import { fetchLessons, fetchRoster, takeDashboard } from "../shared/attendance-api.ts";
import { CancellationCreate, CancellationList } from "./lesson-cancellations.tsx";

/**
 * The back office's screens of lessons over a season (issue 35, D390): cancel a lesson date, the list of
 * cancelled dates, the reminders' switches, a family's credits and the roster's marks, in German and Russian.
 */

vi.mock("../shared/attendance-api.ts", async (original) => ({
  ...(await original<typeof import("../shared/attendance-api.ts")>()),
  fetchLessons: vi.fn(),
  fetchRoster: vi.fn(),
  takeDashboard: vi.fn(),
  berlinDay: () => "2026-12-01",
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const lesson: LessonSummary = {
  slot: 41,
  product_page: 7,
  product_name: "Malen für Kinder",
  product_type: "Course",
  house: null,
  closed: false,
  date: "2026-12-01",
  start: "16:00",
  end: "17:00",
  seats: 8,
  seats_taken: 2,
  seats_left: 6,
  children: 2,
  present: 0,
  absent: 0,
  cancelled: false,
  cancel_reason: null,
  reported_absent: 0,
  makeups: 0,
};

function renderAdmin(ui: ReactElement, locale: Locale, dataProvider: Record<string, unknown>) {
  const messages = {
    de: mergeTranslations(germanMessages, de),
    ru: mergeTranslations(russianMessages, ru),
  };
  const i18nProvider = polyglotI18nProvider((chosen) => messages[chosen as Locale], locale);
  return render(
    <AdminContext dataProvider={dataProvider as never} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="lesson-cancellations">{ui}</ResourceContextProvider>
    </AdminContext>,
  );
}

beforeEach(() => {
  vi.mocked(fetchLessons).mockReset();
  vi.mocked(fetchRoster).mockReset();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const WORDS = {
  de: {
    title: "Eine Stunde absagen",
    lesson: "Termin",
    reasonDe: "Grund auf Deutsch",
    reasonRu: "Grund auf Russisch",
    submit: "Stunde absagen",
    confirm:
      /Malen für Kinder am Dienstag, 01\.12\.2026 um 16:00 Uhr wird abgesagt\. Angemeldete Kinder: 2\./,
    line: "16:00–17:00 Malen für Kinder, angemeldet: 2",
  },
  ru: {
    title: "Отменить занятие",
    lesson: "Занятие",
    reasonDe: "Причина по-немецки",
    reasonRu: "Причина по-русски",
    submit: "Отменить занятие",
    confirm:
      /\?Вторник, 01\.12\.2026, 16:00: занятие «Malen für Kinder» будет отменено\. Записано детей: 2\./,
    line: "16:00–17:00 Malen für Kinder, записано: 2",
  },
} as const;

describe("cancelling one lesson date (D369, D390)", () => {
  for (const locale of ["de", "ru"] as const) {
    it(`chooses the day's lesson, asks for the German reason (the Russian one optional) and confirms before it mails (${locale})`, async () => {
      const w = WORDS[locale];
      vi.mocked(fetchLessons).mockResolvedValue([
        lesson,
        { ...lesson, slot: 42, start: "18:00", cancelled: true, cancel_reason: "krank" },
      ]);
      const create = vi.fn().mockResolvedValue({ data: { id: 5, children: 2, credits: 2, mails: 2 } });
      renderAdmin(<CancellationCreate />, locale, { create });
      expect(await screen.findByRole("heading", { name: w.title })).toBeTruthy();
      expect(fetchLessons).toHaveBeenCalledWith("2026-12-01");
      const submit = screen.getByRole("button", { name: w.submit });
      expect((submit as HTMLButtonElement).disabled).toBe(true);

      fireEvent.mouseDown(await screen.findByRole("combobox", { name: new RegExp(w.lesson) }));
      const options = await screen.findAllByRole("option");
      // The lesson already cancelled is shown, but cannot be chosen again.
      expect(options[1]?.getAttribute("aria-disabled")).toBe("true");
      fireEvent.click(screen.getByRole("option", { name: w.line }));
      fireEvent.change(screen.getByRole("textbox", { name: new RegExp(w.reasonDe) }), {
        target: { value: "Die Lehrerin ist krank." },
      });
      // The German reason is enough (D614); the Russian one is optional.
      expect((submit as HTMLButtonElement).disabled).toBe(false);
      fireEvent.change(screen.getByRole("textbox", { name: new RegExp(w.reasonRu) }), {
        target: { value: "Преподаватель заболел." },
      });
      fireEvent.click(submit);

      const dialog = await screen.findByRole("dialog");
      expect(dialog.textContent).toMatch(w.confirm);
      expect(create).not.toHaveBeenCalled();
      fireEvent.click(within(dialog).getByRole("button", { name: w.submit }));
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect(create.mock.calls[0]?.[0]).toBe("lesson-cancellations");
      expect(create.mock.calls[0]?.[1]).toMatchObject({
        data: {
          slot: 41,
          date: "2026-12-01",
          reason_de: "Die Lehrerin ist krank.",
          reason_ru: "Преподаватель заболел.",
        },
      });
    });
  }

  it("shows the server's refusal at its field", async () => {
    vi.mocked(fetchLessons).mockResolvedValue([lesson]);
    const create = vi.fn().mockRejectedValue(
      new HttpError("Diese Stunde ist schon abgesagt.", 400, {
        errors: { date: "Diese Stunde ist schon abgesagt." },
      }),
    );
    renderAdmin(<CancellationCreate />, "de", { create });
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: /Termin/ }));
    fireEvent.click(await screen.findByRole("option", { name: WORDS.de.line }));
    for (const name of [/Grund auf Deutsch/, /Grund auf Russisch/])
      fireEvent.change(screen.getByRole("textbox", { name }), { target: { value: "krank" } });
    fireEvent.click(screen.getByRole("button", { name: "Stunde absagen" }));
    fireEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Stunde absagen" }),
    );
    expect(await screen.findAllByText("Diese Stunde ist schon abgesagt.")).not.toHaveLength(0);
  });
});

describe("the list of cancelled lessons (D390)", () => {
  const row = {
    id: 3,
    slot: 41,
    date: "2026-12-01",
    start: "16:00",
    end: "17:00",
    product_page: 7,
    product_name: "Malen für Kinder",
    reason: "Преподаватель заболел.",
    cancelled_at: "2026-11-29T09:00:00.000Z",
  };
  it("lists each date with weekday, time, offer and reason (ru)", async () => {
    const getList = vi.fn().mockResolvedValue({ data: [row], total: 1 });
    renderAdmin(<CancellationList />, "ru", { getList });
    expect(await screen.findByText("Вторник, 01.12.2026")).toBeTruthy();
    expect(screen.getByText("16:00–17:00")).toBeTruthy();
    expect(screen.getByText("Преподаватель заболел.")).toBeTruthy();
    expect(screen.getByText("Причина")).toBeTruthy();
    expect(getList.mock.calls[0]?.[0]).toBe("lesson-cancellations");
  });
  it("says when nothing is cancelled and offers to cancel a lesson (de)", async () => {
    renderAdmin(<CancellationList />, "de", { getList: vi.fn().mockResolvedValue({ data: [], total: 0 }) });
    expect(await screen.findByText("Ab diesem Tag ist keine Stunde abgesagt.")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Eine Stunde absagen/ })).toBeTruthy();
  });
});

describe("the reminders' switches (D370, D390)", () => {
  for (const [locale, trial, makeup] of [
    ["de", "Vor einer Probestunde", "Vor einer Nachholstunde"],
    ["ru", "Перед пробным занятием", "Перед отработкой"],
  ] as const) {
    it(`shows each kind on or off and saves a change at once (${locale})`, async () => {
      const getReminderSwitches = vi.fn().mockResolvedValue({ reminders_off: ["trial"] });
      const setReminderSwitches = vi.fn().mockResolvedValue({ reminders_off: ["trial", "makeup"] });
      renderAdmin(<ReminderSwitchesPage />, locale, { getReminderSwitches, setReminderSwitches });
      const trialSwitch = (await screen.findByRole("switch", { name: trial })) as HTMLInputElement;
      expect(trialSwitch.checked).toBe(false);
      const makeupSwitch = screen.getByRole("switch", { name: makeup }) as HTMLInputElement;
      expect(makeupSwitch.checked).toBe(true);
      fireEvent.click(makeupSwitch);
      await waitFor(() => expect(setReminderSwitches).toHaveBeenCalledWith(["trial", "makeup"]));
      await waitFor(() =>
        expect((screen.getByRole("switch", { name: makeup }) as HTMLInputElement).checked).toBe(false),
      );
    });
  }
});

const credit = (over: Partial<CreditView>): CreditView => ({
  id: 1,
  visitor_name: "Lina Muster",
  product_page: 7,
  product_name: "Malen für Kinder",
  reason: "absence",
  source_date: "2026-12-01",
  expires_on: "2027-01-26",
  status: "open",
  makeup: null,
  ...over,
});

describe("a family's makeup credits on the person's page (D367, D390)", () => {
  it("names each credit with its expiry, and the used and expired ones (de)", async () => {
    const getList = vi.fn().mockResolvedValue({
      data: [
        credit({}),
        credit({
          id: 2,
          reason: "cancelled",
          status: "used",
          makeup: { slot: 9, date: "2026-12-03", start: "10:00", end: "11:00" },
        }),
        credit({ id: 3, status: "expired", expires_on: "2026-11-20" }),
      ],
      total: 3,
    });
    renderAdmin(<FamilyCredits user={12} />, "de", { getList });
    const lines = await screen.findAllByTestId("family-credit");
    expect(lines.map((line) => line.textContent)).toEqual([
      "Lina Muster · Malen für Kinder · für den 01.12.2026 (abgemeldet) · offen, gültig bis 26.01.2027",
      "Lina Muster · Malen für Kinder · für den 01.12.2026 (Stunde abgesagt) · eingelöst · Nachholstunde am 03.12.2026 um 10:00 Uhr",
      "Lina Muster · Malen für Kinder · für den 01.12.2026 (abgemeldet) · abgelaufen am 20.11.2026",
    ]);
    expect(getList.mock.calls[0]?.[0]).toBe("lesson-credits");
    expect(getList.mock.calls[0]?.[1]).toMatchObject({ filter: { user: 12 } });
  });
  it("says so when the family has none (ru), and an open credit's expiry in Russian", async () => {
    const getList = vi.fn().mockResolvedValueOnce({ data: [], total: 0 });
    renderAdmin(<FamilyCredits user={12} />, "ru", { getList });
    expect(await screen.findByText("Отработок нет.")).toBeTruthy();
    cleanup();
    renderAdmin(<FamilyCredits user={13} />, "ru", {
      getList: vi.fn().mockResolvedValue({ data: [credit({})], total: 1 }),
    });
    expect((await screen.findByTestId("family-credit")).textContent).toBe(
      "Lina Muster · Malen für Kinder · за 01.12.2026 (сообщили о пропуске) · действует до 26.01.2027",
    );
  });
});

const roster = (over: Partial<LessonSummary>): Roster => ({
  lesson: { ...lesson, ...over },
  children: [
    {
      order_item: 1,
      order: 1,
      visitor_name: "Lina Muster",
      birth_date: "2019-01-01",
      age: 7,
      parent_name: "Paula Parent",
      parent_email: "p@example.de",
      parent_phone: "",
      comment: "",
      notes: "",
      purchase_option: "Monatsabo",
      attendance: null,
      checked_in_at: null,
      reported_absent: true,
      makeup: false,
    },
    {
      order_item: 2,
      order: 2,
      visitor_name: "Mia Muster",
      birth_date: "2019-01-01",
      age: 7,
      parent_name: "Petra Parent",
      parent_email: "q@example.de",
      parent_phone: "",
      comment: "",
      notes: "",
      purchase_option: "Monatsabo",
      attendance: null,
      checked_in_at: null,
      reported_absent: false,
      makeup: true,
    },
  ],
  waiting: [],
  trial_visitors: [],
});

describe("the roster shows absences, makeups and a cancelled date (D372, D390)", () => {
  it("marks the child reported absent and the makeup child, and offers to cancel (de)", async () => {
    vi.mocked(fetchLessons).mockResolvedValue([{ ...lesson, reported_absent: 1, makeups: 1 }]);
    vi.mocked(fetchRoster).mockResolvedValue(roster({ reported_absent: 1, makeups: 1 }));
    renderAdmin(<AttendancePage />, "de", {});
    expect(await screen.findByText("Von den Eltern abgemeldet")).toBeTruthy();
    expect(screen.getByText("Nachholstunde")).toBeTruthy();
    expect(screen.getByText("Von den Eltern abgemeldet: 1 · zum Nachholen hier: 1")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Diese Stunde absagen" }).getAttribute("href")).toMatch(
      /\/lesson-cancellations\/create\?date=2026-12-01&slot=41$/,
    );
  });
  it("says the date is cancelled, with the reason, and offers no second cancel (ru)", async () => {
    const cancelled = { cancelled: true, cancel_reason: "Преподаватель заболел." };
    vi.mocked(fetchLessons).mockResolvedValue([{ ...lesson, ...cancelled }]);
    vi.mocked(fetchRoster).mockResolvedValue(roster(cancelled));
    renderAdmin(<AttendancePage />, "ru", {});
    expect(await screen.findByText("Это занятие отменено. Причина: Преподаватель заболел.")).toBeTruthy();
    expect(screen.getByText("Родители сообщили, что не придёт")).toBeTruthy();
    expect(screen.getByText("Отработка")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Отменить это занятие" })).toBeNull();
  });
});

/** A dashboard of a quiet day: nothing sold, booked, asked or failed; each test sets what it shows. */
const QUIET_DASHBOARD: DashboardData = {
  today: "2026-12-01",
  tomorrow: "2026-12-02",
  sales_today_cents: 0,
  sales_month_cents: 0,
  paid_orders_today: 0,
  paid_orders_month: 0,
  lessons_today: [],
  lessons_tomorrow: [],
  filling_up: [],
  open_visit_requests: 0,
  open_contact_requests: 0,
  open_party_requests: 0,
  open_instructor_reports: 0,
  makeups_this_week: 0,
  failed_mails: [],
  payment_issues: [],
  slow_refunds: [],
  unmatched_payment_events: [],
};

describe("the dashboard counts makeups this week (D372, D390)", () => {
  for (const [locale, title, line, marks] of [
    ["de", "Nachholstunden diese Woche", "3 Nachholstunden gebucht", "– abgesagt"],
    ["ru", "Отработки на этой неделе", "Записано на отработку: 3 занятия", "– отменено"],
  ] as const) {
    it(`shows the week's makeups and a cancelled lesson of today (${locale})`, async () => {
      vi.mocked(takeDashboard).mockResolvedValue({
        ...QUIET_DASHBOARD,
        lessons_today: [{ ...lesson, cancelled: true, cancel_reason: "krank" }],
        makeups_this_week: 3,
      } as DashboardData);
      renderAdmin(<Dashboard />, locale, {});
      const panel = await screen.findByRole("region", { name: title });
      expect(panel.textContent).toContain(line);
      expect(within(panel).getByText("3")).toBeTruthy();
      expect(screen.getByText(new RegExp(marks))).toBeTruthy();
    });
  }
});

describe("the dashboard's mails the outbox gave up on (D534)", () => {
  it("lists them with their address and sends one again with one click, then reads the list again", async () => {
    const failed = {
      id: 5,
      to: "familie@example.org",
      subject: "Passwort zurücksetzen",
      template: "password-reset",
      attempts: 8,
      last_error: "connect ECONNREFUSED",
      created_at: "2026-11-30T09:00:00Z",
    };
    vi.mocked(takeDashboard)
      .mockResolvedValueOnce({ ...QUIET_DASHBOARD, failed_mails: [failed] } as DashboardData)
      .mockResolvedValueOnce({ ...QUIET_DASHBOARD, failed_mails: [] } as DashboardData);
    const fetched = vi.fn(async () => new Response(JSON.stringify({ mail: 5 }), { status: 200 }));
    vi.stubGlobal("fetch", fetched);
    renderAdmin(<Dashboard />, "de", {});
    const panel = await screen.findByRole("region", { name: "E-Mails, die nicht zugestellt wurden" });
    expect(panel.textContent).toContain(
      "„Passwort zurücksetzen“ an familie@example.org vom 30.11.2026 (Versuche: 8)",
    );
    // The whole list of given-up mails, with why each failed, is one click away.
    const all = within(panel).getByRole("link", { name: "Alle nicht zugestellten E-Mails mit Grund" });
    expect(all.getAttribute("href")).toMatch(
      new RegExp(`/mails\\?filter=${encodeURIComponent(JSON.stringify({ status: "failed" }))}$`),
    );
    fireEvent.click(within(panel).getByRole("button", { name: "Erneut senden" }));
    await waitFor(() => expect(fetched).toHaveBeenCalled());
    const [url, init] = fetched.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain("/api/v2/admin/mails/5/resend/");
    expect(init.method).toBe("POST");
    await waitFor(() => expect(within(panel).getByText("Keine.")).toBeTruthy());
    vi.unstubAllGlobals();
  });
});

describe("the dashboard's refunds the payment service has not paid out for days (D574)", () => {
  const slow = {
    refund: 12,
    order: 345,
    gateway: "paypal" as const,
    amount_cents: 7900,
    since: "2026-11-16T10:00:00Z",
    parent: { name: "Paula Parent", email: "paula@example.org", phone: "+49 30 1234567" },
  };
  for (const [locale, title, line] of [
    [
      "de",
      "Zahlungen, die jemand prüfen muss",
      /seit mehr als 10 Tagen nicht ausgezahlt[\s\S]*Bestellung 345: 79,00\s€ über PayPal, veranlasst am 16\.11\.2026/,
    ],
    [
      "ru",
      "Платежи, которые нужно проверить",
      /не выплатила уже более 10 дней[\s\S]*Заказ 345: возврат 79,00\s€ через PayPal отправлен 16\.11\.2026/,
    ],
  ] as const) {
    it(`lists each with its order, amount, day and parent (${locale})`, async () => {
      vi.mocked(takeDashboard).mockResolvedValue({ ...QUIET_DASHBOARD, slow_refunds: [slow] });
      renderAdmin(<Dashboard />, locale, {});
      const panel = await screen.findByRole("region", { name: title });
      expect(panel.textContent).toMatch(line);
      const order = within(panel).getByRole("link", { name: /^(Bestellung|Заказ) 345:/ });
      expect(order.getAttribute("href")).toMatch(/\/orders\/345\/show$/);
      expect(within(panel).getByRole("link", { name: "paula@example.org" })).toBeTruthy();
      expect(within(panel).queryByText(/^(Keine|Нет)\.$/)).toBeNull();
    });
  }

  it("shows nothing of them when there are none, or the reply is from the version before", async () => {
    const { slow_refunds: _, ...before } = QUIET_DASHBOARD;
    vi.mocked(takeDashboard).mockResolvedValue(before as DashboardData);
    renderAdmin(<Dashboard />, "de", {});
    const panel = await screen.findByRole("region", { name: "Zahlungen, die jemand prüfen muss" });
    expect(panel.textContent).not.toMatch(/ausgezahlt/);
    expect(within(panel).getByText("Keine.")).toBeTruthy();
  });
});
