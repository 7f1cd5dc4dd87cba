// @vitest-environment jsdom
import type { AuditEntry, Locale } from "@atelier/contract";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import germanMessages from "ra-language-german";
import russianMessages from "ra-language-russian";
import { AdminContext, type DataProvider, mergeTranslations } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { de } from "../i18n/de.ts";
import { ru } from "../i18n/ru.ts";
import { AuditChangesCell } from "./audit-list.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A month's accounting download as the log keeps it: every document it handed over (D134). */
const documents = [
  ...Array.from({ length: 790 }, (_, i) => `RE-2026-${String(i + 1).padStart(6, "0")}`),
  "GS-2026-000045",
];
const values = { month: "2026-10", format: "csv", documents };
const download: AuditEntry = {
  id: 9,
  at: "2026-11-02T09:15:00.000Z",
  user: 1,
  user_email: "leitung@example.org",
  user_name: "Anna Leitung",
  resource: "accounting",
  record_id: 202610,
  action: "export",
  before: null,
  after: values,
  folded: [],
};

/** The same download as the log's list sends it (D423): the documents as their glimpse, counted and digested. */
const glimpsed: AuditEntry = {
  ...download,
  after: { ...values, documents: [...documents.slice(0, 3), documents.at(-1)] },
  folded: [{ side: "after", field: "documents", count: 791, digest: "a".repeat(32) }],
};

function renderCell(entry: AuditEntry, locale: Locale, dataProvider?: DataProvider) {
  const messages = {
    de: mergeTranslations(germanMessages, de),
    ru: mergeTranslations(russianMessages, ru),
  };
  const i18nProvider = polyglotI18nProvider((chosen) => messages[chosen as Locale], locale);
  return render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
      <AuditChangesCell entry={entry} />
    </AdminContext>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("a long list in the audit log (D417)", () => {
  it("shows the documents of an accounting download by their count and a glimpse, the whole list folded", async () => {
    const { container } = renderCell(download, "de");
    const line = await screen.findByText(/Rechnungen und Gutschriften:/);
    expect(line.textContent).toContain(
      "791 Einträge (RE-2026-000001, RE-2026-000002, RE-2026-000003, …, GS-2026-000045)",
    );
    const folded = container.querySelector("details");
    expect(folded).not.toBeNull();
    expect(folded?.open).toBe(false);
    const summary = screen.getByText("Alle anzeigen");
    expect(summary.tagName).toBe("SUMMARY");
    fireEvent.click(summary);
    expect(folded?.textContent).toContain("RE-2026-000400, RE-2026-000401");
    // The short values of the same entry as before.
    expect(screen.getByText(/Monat:/).textContent).toContain("2026-10");
  });

  it("counts in Russian with the right form, and leaves a short list whole", async () => {
    renderCell(download, "ru");
    expect((await screen.findByText(/791 запись/)).textContent).toContain("(RE-2026-000001,");
    expect(screen.getByText("Показать все").tagName).toBe("SUMMARY");
    cleanup();
    const few = { ...download, after: { ...values, documents: documents.slice(0, 3) } };
    const { container } = renderCell(few, "de");
    expect((await screen.findByText(/Rechnungen und Gutschriften:/)).textContent).toContain(
      "RE-2026-000001, RE-2026-000002, RE-2026-000003",
    );
    expect(container.querySelector("details")).toBeNull();
  });

  it("fetches a list sent as its glimpse once, when the reader unfolds it", async () => {
    const getOne = vi.fn(async () => ({ data: download }));
    const { container } = renderCell(glimpsed, "de", { getOne } as unknown as DataProvider);
    const line = await screen.findByText(/Rechnungen und Gutschriften:/);
    expect(line.textContent).toContain(
      "791 Einträge (RE-2026-000001, RE-2026-000002, RE-2026-000003, …, GS-2026-000045)",
    );
    expect(getOne).not.toHaveBeenCalled();
    const folded = container.querySelector("details");
    if (!folded) throw new Error("no folded list");
    folded.open = true;
    fireEvent(folded, new Event("toggle"));
    await waitFor(() => expect(folded.textContent).toContain("RE-2026-000400, RE-2026-000401"));
    expect(getOne).toHaveBeenCalledTimes(1);
    expect(getOne).toHaveBeenCalledWith("audit", { id: 9 });
  });

  it("tells a folded list that changed from one that did not by its digest, not its glimpse", async () => {
    const products = [100, 101, 102, 114];
    const fold = (side: "before" | "after", digest: string) => ({
      side,
      field: "products",
      count: 15,
      digest,
    });
    const rename: AuditEntry = {
      ...download,
      resource: "promocodes",
      action: "update",
      before: { code: "SOMMER", products },
      after: { code: "SOMMER26", products },
      folded: [fold("before", "1".repeat(32)), fold("after", "1".repeat(32))],
    };
    // The same list on both sides is no change (treating every folded list as changed would show it).
    const { container } = renderCell(rename, "de");
    await screen.findByText(/SOMMER26/);
    expect(container.querySelectorAll("li")).toHaveLength(1);
    cleanup();
    const swap = {
      ...rename,
      before: rename.after,
      folded: [fold("before", "1".repeat(32)), fold("after", "2".repeat(32))],
    };
    const second = renderCell(swap, "de");
    await screen.findByText(/15 Einträge/, { exact: false });
    expect(second.container.querySelectorAll("li")).toHaveLength(1);
    expect(second.container.querySelector("li")?.textContent).not.toContain("SOMMER");
  });

  it("says so at once when the whole list cannot be fetched", async () => {
    const getOne = vi.fn(async () => {
      throw new Error("server down");
    });
    const { container } = renderCell(glimpsed, "ru", { getOne } as unknown as DataProvider);
    await screen.findByText(/791 запись/);
    const folded = container.querySelector("details");
    if (!folded) throw new Error("no folded list");
    folded.open = true;
    fireEvent(folded, new Event("toggle"));
    await waitFor(() => expect(folded.textContent).toContain("Не удалось загрузить список."));
    expect(getOne).toHaveBeenCalledTimes(1);
  });
});

describe("a person named in the audit log", () => {
  it("names a request's handler by the person's name, read once for the page, not by the account's number", async () => {
    const assigned: AuditEntry = {
      ...download,
      resource: "contact-requests",
      record_id: 4,
      action: "update",
      before: { status: "new", handler: null },
      after: { status: "in_progress", handler: 12 },
      folded: [],
    };
    const getMany = vi.fn(async (_resource: string, { ids }: { ids: number[] }) => ({
      data: ids.map((id) => ({ id, first_name: "Olga", last_name: "Büro", email: "olga@example.org" })),
    }));
    renderCell(assigned, "de", { getMany } as unknown as DataProvider);
    const line = await screen.findByText(/Olga Büro/);
    expect(line.closest("li")?.textContent).toMatch(/: — → Olga Büro$/);
    expect(getMany).toHaveBeenCalledWith("people", expect.objectContaining({ ids: [12] }));
    cleanup();
    // An account that is gone is named by its number, in the reader's language.
    renderCell(assigned, "ru", { getMany: async () => ({ data: [] }) } as unknown as DataProvider);
    expect((await screen.findByText(/Учётная запись № 12/)).closest("li")?.textContent).toContain("—");
  });
});
