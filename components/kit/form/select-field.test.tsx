// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { loadMessages } from "@/lib/i18n/namespaces";
import { SelectField } from "./select-field";

let messages: Record<string, unknown>;
beforeAll(async () => {
  messages = await loadMessages("en");
});
afterEach(cleanup);

describe("SelectField", () => {
  it("is named by its label, shows the chosen option, and offers no clearing when not clearable", () => {
    render(
      <NextIntlClientProvider locale="en" messages={messages}>
        <SelectField label="Right" options={[{ value: "1", label: "View" }, { value: "2", label: "Manage" }]} value="2" clearable={false} onChange={() => {}} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole("combobox", { name: "Right" }).textContent).toBe("Manage");
    expect(screen.queryByRole("button", { name: "Clear" })).toBeNull();
  });
});
