// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { loadMessages } from "@/lib/i18n/namespaces";
import { ChosenField } from "./chosen-field";

let messages: Record<string, unknown>;
beforeAll(async () => {
  messages = await loadMessages("en");
});
afterEach(cleanup);

describe("ChosenField", () => {
  it("says what none chosen means, and opens its picker from the button the label names", () => {
    render(
      <NextIntlClientProvider locale="en" messages={messages}>
        <label htmlFor="f">Contacts</label>
        <ChosenField id="f" disabled={false} testId="chips" texts="group.contacts" chips={[]} picker={({ open }) => open && <p>picker open</p>} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId("chips").textContent).toBe("No contacts chosen");
    expect(screen.queryByText("picker open")).toBeNull();
    fireEvent.click(screen.getByLabelText("Contacts"));
    expect(screen.getByRole("button", { name: "Contacts" }).textContent).toBe("Choose contacts");
    expect(screen.getByText("picker open")).toBeTruthy();
  });
});
