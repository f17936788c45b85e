// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { SWRConfig } from "swr";
import { useDict, useRevalidateDict } from "./use-dict";

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock("@/lib/api/call", () => api);

/** The cloud's dictionaries as they stand; a test changes them, as the dictionary screen would. */
let stored: Record<string, { itemValue: string; itemName: string }[]>;
beforeEach(() => {
  stored = { brand: [{ itemValue: "1", itemName: "Acme" }], unit: [{ itemValue: "m", itemName: "metre" }] };
  api.call.mockReset();
  api.call.mockImplementation(async (_call: unknown, params: { codeList: string }) => Object.fromEntries(params.codeList.split(",").map((c) => [c, stored[c] ?? []])));
});
afterEach(cleanup);

function Labels({ code }: { code: string }) {
  return <output data-testid={code}>{useDict(code).map((o) => o.label).join(",")}</output>;
}

let revalidate: (code?: string) => Promise<unknown> = async () => undefined;
function Revalidator() {
  revalidate = useRevalidateDict();
  return null;
}

// A fresh cache per test, as each page load has.
const cache = () => new Map();
function Consumers({ brand = true }: { brand?: boolean }) {
  return (
    <SWRConfig value={{ provider: cache }}>
      <NextIntlClientProvider locale="en" messages={{ enums: {} }}>
        {brand && <Labels code="brand" />}
        <Labels code="unit" />
        <Revalidator />
      </NextIntlClientProvider>
    </SWRConfig>
  );
}
const renderConsumers = () => render(<Consumers />);
const labels = (code: string) => screen.getByTestId(code).textContent;

describe("useRevalidateDict", () => {
  it("refetches the changed dictionary's options, past the dedupe, and leaves the others", async () => {
    renderConsumers();
    await waitFor(() => expect(labels("brand")).toBe("Acme"));
    expect(api.call).toHaveBeenCalledTimes(1);
    stored.brand = [...stored.brand, { itemValue: "2", itemName: "Globex" }];
    stored.unit = [{ itemValue: "mm", itemName: "millimetre" }];
    await act(() => revalidate("brand"));
    await waitFor(() => expect(labels("brand")).toBe("Acme,Globex"));
    expect(api.call).toHaveBeenCalledTimes(2);
    expect(api.call.mock.lastCall?.[1]).toEqual({ codeList: "brand" });
    expect(labels("unit")).toBe("metre");
  });

  it("refetches for a select that mounts after the change, within the dedupe interval", async () => {
    const { rerender } = renderConsumers();
    await waitFor(() => expect(labels("brand")).toBe("Acme"));
    rerender(<Consumers brand={false} />);
    stored.brand = [{ itemValue: "3", itemName: "Initech" }];
    await act(() => revalidate("brand"));
    expect(api.call).toHaveBeenCalledTimes(1);
    rerender(<Consumers />);
    await waitFor(() => expect(labels("brand")).toBe("Initech"));
  });

  it("refetches every server dictionary without a code", async () => {
    renderConsumers();
    await waitFor(() => expect(labels("unit")).toBe("metre"));
    stored.brand = [];
    stored.unit = [{ itemValue: "mm", itemName: "millimetre" }];
    await act(() => revalidate());
    await waitFor(() => expect(labels("unit")).toBe("millimetre"));
    expect(labels("brand")).toBe("");
    // Both codes went in one batched call.
    expect(api.call).toHaveBeenCalledTimes(2);
  });
});
