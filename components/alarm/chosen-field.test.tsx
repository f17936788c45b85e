// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { ChosenField } from "./chosen-field";

describe("ChosenField", () => {
  it("says what none chosen means, and opens its picker from a button named by its text (issue 40)", () => {
    renderIntl(
      <>
        <label htmlFor="f">Contacts</label>
        <ChosenField id="f" disabled={false} testId="chips" texts="group.contacts" chips={[]} picker={({ open }) => open && <p>picker open</p>} />
      </>,
    );
    expect(screen.getByTestId("chips").textContent).toBe("No contacts chosen");
    expect(screen.queryByText("picker open")).toBeNull();
    fireEvent.click(screen.getByLabelText("Contacts"));
    const button = screen.getByRole("button", { name: "Choose contacts" });
    expect(button.textContent).toBe("Choose contacts");
    expect(button.getAttribute("aria-describedby")).toBe(screen.getByTestId("chips").id);
    expect(screen.getByText("picker open")).toBeTruthy();
  });
});
