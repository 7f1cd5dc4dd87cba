import type { KeyboardEvent } from "react";
import { DatagridBody, DatagridRow, type DatagridRowProps } from "react-admin";

/**
 * A list row that opens with the keyboard as it does with the mouse (D491): react-admin's rows with a
 * `rowClick` take a click only, so the orders, promocodes, requests and most lists could not be opened
 * without a mouse. The row is in the tab order; Enter on it is the click. Enter on a link or a button
 * inside the row stays theirs.
 */
function OpenableRow(props: DatagridRowProps) {
  const open = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key !== "Enter" || event.target !== event.currentTarget) return;
    event.preventDefault();
    event.currentTarget.click();
  };
  return <DatagridRow {...props} tabIndex={0} onKeyDown={open} />;
}

/** The `body` of a `Datagrid` whose rows open a record: `<Datagrid rowClick="edit" body={openableRows}>`. */
export const openableRows = <DatagridBody row={<OpenableRow />} />;
