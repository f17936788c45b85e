// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SelectField } from "./select-field";

describe("SelectField", () => {
  it("is named by its label, shows the chosen option, and offers no clearing when not clearable", () => {
    renderIntl(<SelectField label="Right" options={[{ value: "1", label: "View" }, { value: "2", label: "Manage" }]} value="2" clearable={false} onChange={() => {}} />);
    expect(screen.getByRole("combobox", { name: "Right" }).textContent).toBe("Manage");
    expect(screen.queryByRole("button", { name: "Clear" })).toBeNull();
  });
});
