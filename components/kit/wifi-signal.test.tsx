// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { signalBars, WifiSignal } from "./wifi-signal";
import en from "@/messages/en/widgets.json";

afterEach(cleanup);

describe("WifiSignal", () => {
  it("shows 0-4 bars, clamped", () => {
    expect([-1, 0, 2.4, 4, 9, null].map(signalBars)).toEqual([0, 0, 2, 4, 4, 0]);
    render(
      <NextIntlClientProvider locale="en" messages={{ widgets: en }}>
        <WifiSignal level={3} />
      </NextIntlClientProvider>,
    );
    const icon = screen.getByRole("img", { name: "Signal strength 3/4" });
    expect(icon.querySelectorAll("path.stroke-primary")).toHaveLength(3);
  });
});
