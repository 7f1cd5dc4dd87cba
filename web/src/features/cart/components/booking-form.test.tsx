// @vitest-environment jsdom
import type { ProductDetail, PurchaseOption, Visitor } from "@atelier/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderInLocale } from "../../../test/render.tsx";
import type { AddVisitorComponent } from "./booking-form.tsx";
import { BookingForm } from "./booking-form.tsx";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
}));

const option = {
  id: 10,
  type: "subscription",
  schedule_type: "Course (1 / week)",
  name: "Kurs, 1 × pro Woche",
  base_price: "79.00",
  base_price_cents: 7900,
  number_of_meetings: null,
  meetings_per_week: 1,
  is_recurring: true,
} as PurchaseOption;

const slot = (id: number, weekday: number) => ({
  id,
  weekday,
  date: null,
  start: "16:00",
  end: "17:30",
  seats: 10,
  space: 5,
  instructor: null,
  instructor_name: null,
});

const product = {
  id: 3,
  name: "Kleine Maler",
  product_type: "course",
  age_group: "5-7",
  purchase_options: [option],
  schedule_slots: [slot(1, 1), slot(2, 3)],
  academy_schedule_slots: [],
} as unknown as ProductDetail;

const lukas: Visitor = { id: 7, first_name: "Lukas", last_name: "Berg", birth_date: "2020-03-02" } as Visitor;

/** The visitors feature's form, reduced to its one promise: it calls onSaved with the saved child. */
const AddVisitor: AddVisitorComponent = ({ onSaved }) => (
  <button type="button" onClick={() => onSaved(lukas)}>
    Kind speichern (Stand-in)
  </button>
);

function renderForm() {
  const queryClient = new QueryClient();
  return renderInLocale(
    <QueryClientProvider client={queryClient}>
      <BookingForm
        product={product}
        signedIn
        visitors={[]}
        AddVisitor={AddVisitor}
        onContinueShopping={() => undefined}
      />
    </QueryClientProvider>,
  );
}

async function saveNewChild() {
  fireEvent.click(screen.getByRole("button", { name: "Neues Kind anlegen" }));
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Kind speichern (Stand-in)" }));
  });
}

describe("the booking form's focus after a child is saved (issue 24)", () => {
  it("moves on to the first time to choose when none is chosen yet", async () => {
    renderForm();
    await saveNewChild();
    const slots = screen
      .getAllByRole("radio")
      .filter((input) => input.getAttribute("name") === "schedule_slots");
    expect(slots.length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(slots[0]);
  });

  it("moves on to the add-to-cart button when the time is already chosen", async () => {
    renderForm();
    const slots = screen
      .getAllByRole("radio")
      .filter((input) => input.getAttribute("name") === "schedule_slots");
    fireEvent.click(slots[1] as HTMLElement);
    await saveNewChild();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "In den Warenkorb" }));
  });
});

describe("the booking form's children that could not be loaded (D539)", () => {
  it("says so and tries again on a click, instead of loading for ever, in German and Russian", () => {
    for (const [locale, failed, retry] of [
      ["de", "Ihre Kinder konnten nicht geladen werden.", "Erneut versuchen"],
      ["ru", "Не удалось загрузить список детей.", "Попробовать снова"],
    ] as const) {
      const onRetry = vi.fn();
      const view = renderInLocale(
        <QueryClientProvider client={new QueryClient()}>
          <BookingForm
            product={product}
            signedIn
            visitors={undefined}
            onRetryVisitors={onRetry}
            AddVisitor={AddVisitor}
            onContinueShopping={() => undefined}
          />
        </QueryClientProvider>,
        locale,
      );
      expect(screen.getAllByRole("alert").some((alert) => alert.textContent?.includes(failed))).toBe(true);
      expect(
        screen.queryByText(locale === "de" ? "Kinder werden geladen …" : "Загрузка списка детей …"),
      ).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: retry }));
      expect(onRetry).toHaveBeenCalledTimes(1);
      view.unmount();
    }
  });
});
