// @vitest-environment jsdom
import * as React from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { SurfaceProps } from "./surface";
import { DisplayMap } from "./display-map";
import type { MapDevice } from "./geo";
import { mapTestSetup } from "./map-test-setup";

// A key is configured: the widgets ask for the Google surface.
vi.mock("./map-config", () => ({ useMapConfig: () => ({ apiKey: "test-key", mapId: "" }) }));
// Google cannot load in a test: the surface stands in, showing what it was given, or failing as Google would offline.
const google = vi.hoisted(() => ({ fail: null as string | null, keys: [] as string[] }));
vi.mock("./google-surface", () => ({
  default: function GoogleSurface(p: SurfaceProps & { apiKey: string; onFail: (reason: string) => void }) {
    React.useEffect(() => {
      google.keys.push(p.apiKey);
      if (google.fail) p.onFail(google.fail);
    }, [p]);
    return (
      <div data-testid="google-surface">
        {(p.markers ?? []).map((m) => (
          <button key={m.id} type="button" data-google-marker={m.id} onClick={() => p.onMarkerClick?.(m.id)}>
            {m.title}
          </button>
        ))}
        {p.popup?.content}
      </div>
    );
  },
}));

const messages = mapTestSetup();
beforeEach(() => {
  google.fail = null;
  google.keys = [];
});

const DEVICES: MapDevice[] = [{ id: 1, deviceName: "Crane A", deviceLongitude: 113.884, deviceLatitude: 22.555, warnStatus: 2, deviceAddr: "North gate" }];
const wrap = (ui: React.ReactNode) => render(<NextIntlClientProvider locale="en" messages={messages.en}>{ui}</NextIntlClientProvider>);

describe("maps with a key", () => {
  it("draw on Google with the key: the same markers and info card, and no note about tiles", async () => {
    wrap(<DisplayMap devices={DEVICES} />);
    const marker = await screen.findByRole("button", { name: "Crane A (Warning)" });
    // The surface hears its key in an effect, which React may run after the marker is in the page.
    await waitFor(() => expect(google.keys).toContain("test-key"));
    fireEvent.click(marker);
    expect(screen.getByTestId("device-card").textContent).toContain("North gate");
    expect(screen.queryByTestId("map-key-notice")).toBeNull();
    // Not the canvas's marker: Google's.
    expect(document.querySelector('[data-marker="1"]')).toBeNull();
  });

  it("fall back to the coordinate canvas when Google cannot load, say why, and try again on request", async () => {
    google.fail = "network unreachable";
    wrap(<DisplayMap devices={DEVICES} />);
    const failure = await screen.findByTestId("map-failure");
    expect(failure.textContent).toContain("network unreachable");
    // The markers still work on the canvas.
    expect(document.querySelector('[data-marker="1"]')).not.toBeNull();
    expect(screen.queryByTestId("google-surface")).toBeNull();
    google.fail = null;
    fireEvent.click(screen.getByRole("button", { name: /retry/i }));
    await waitFor(() => expect(screen.getByTestId("google-surface")).toBeTruthy());
    expect(screen.queryByTestId("map-failure")).toBeNull();
  });
});
