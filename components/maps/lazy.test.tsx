// @vitest-environment jsdom
import * as React from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { SWRConfig } from "swr";
import { DisplayMap } from "./lazy";
import { MapConfigProvider } from "./map-config";
import { mapTestSetup } from "./map-test-setup";

// Asking the server for the key: counted, and never answered (a map that waited for it would stay a skeleton).
const fetcher = vi.hoisted(() => vi.fn(() => new Promise(() => {})));
vi.mock("@/lib/api/fetcher", () => ({ silentSwrFetcher: fetcher }));

const messages = mapTestSetup();
beforeEach(() => {
  fetcher.mockClear();
});
const DEVICES = [{ id: 1, deviceName: "Crane A", deviceLongitude: 113.884, deviceLatitude: 22.555 }];

const show = (ui: React.ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <NextIntlClientProvider locale="en" messages={messages.en}>
        {ui}
      </NextIntlClientProvider>
    </SWRConfig>,
  );

describe("map loaders", () => {
  it("keep the map's height from the first paint, a skeleton in it until the code arrives", async () => {
    show(
      <MapConfigProvider value={{ apiKey: "", mapId: "" }}>
        <DisplayMap devices={DEVICES} height={300} />
      </MapConfigProvider>,
    );
    const box = document.querySelector<HTMLElement>("[data-map-box]")!;
    expect(box.style.minHeight).toBe("300px");
    expect(box.querySelector('[data-slot="skeleton"], .animate-pulse')).not.toBeNull();
    // Its code arrives; the map draws in the same box, at the same height.
    const map = await screen.findByTestId("display-map", {}, { timeout: 10_000 });
    expect(map.style.height).toBe("300px");
    expect(map.closest("[data-map-box]")).toBe(box);
  });

  it("draw at once with the key the page was rendered with, without asking the server for it", async () => {
    show(
      <MapConfigProvider value={{ apiKey: "", mapId: "" }}>
        <DisplayMap devices={DEVICES} height={300} />
      </MapConfigProvider>,
    );
    await screen.findByTestId("display-map", {}, { timeout: 10_000 });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("ask the server for the key when the page was not rendered with it", async () => {
    show(<DisplayMap devices={DEVICES} height={300} />);
    await waitFor(() => expect(fetcher).toHaveBeenCalledWith("maps/config"));
  });
});
