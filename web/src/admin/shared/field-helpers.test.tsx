// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { AdminContext, Form, TextInput } from "react-admin";
import { describe, expect, it } from "vitest";
import { required } from "./field-helpers.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("the forms' own required check (D603)", () => {
  it("refuses a blank value and marks its field's label as required, as react-admin's required() does", async () => {
    expect(required("  ")).toBe("ra.validation.required");
    expect(required("SOMMER25")).toBeUndefined();
    render(
      <AdminContext>
        <Form>
          <TextInput source="code" label="Code" validate={required} />
        </Form>
      </AdminContext>,
    );
    const label = await screen.findByText("Code", { exact: false, selector: "label, label *" });
    expect(label.closest("label")?.textContent).toMatch(/Code\s*\*/);
  });
});
