// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import {
  AdminContext,
  Datagrid,
  ListContextProvider,
  ResourceContextProvider,
  TextField,
  useList,
} from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openableRows } from "./openable-rows.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Rows({ onOpen }: { onOpen: (id: unknown) => void }) {
  const list = useList({
    data: [
      { id: 1, name: "Keramik" },
      { id: 2, name: "Schach" },
    ],
  });
  return (
    <ListContextProvider value={list}>
      <Datagrid
        rowClick={(id) => {
          onOpen(id);
          return false;
        }}
        bulkActionButtons={false}
        body={openableRows}
      >
        <TextField source="name" />
      </Datagrid>
    </ListContextProvider>
  );
}

afterEach(cleanup);

describe("a list row opens with the keyboard (D491)", () => {
  it("is in the tab order, and Enter on it opens its record as a click does", async () => {
    const onOpen = vi.fn();
    render(
      <AdminContext>
        <ResourceContextProvider value="orders">
          <Rows onOpen={onOpen} />
        </ResourceContextProvider>
      </AdminContext>,
    );
    const row = (await screen.findByText("Schach")).closest("tr");
    if (!row) throw new Error("no row");
    expect(row.tabIndex).toBe(0);
    fireEvent.keyDown(row, { key: "Enter" });
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(2));
    // Other keys, and Enter on something inside the row, leave it alone.
    fireEvent.keyDown(row, { key: "a" });
    fireEvent.keyDown(screen.getByText("Keramik"), { key: "Enter" });
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
