// @vitest-environment jsdom
import * as React from "react";
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { DisplayMap } from "./display-map";
import { DeviceListMap } from "./device-list-map";
import { DeviceLocationMap } from "./device-location-map";
import { MAP, type MapDevice } from "./geo";
import { mapTestSetup } from "./map-test-setup";
import { panelPlace } from "./coordinate-canvas";

// No key configured: the widgets run on the coordinate canvas.
vi.mock("./map-config", () => ({ useMapConfig: () => ({ apiKey: "", mapId: "" }) }));

const messages = mapTestSetup();

const wrap = (ui: React.ReactNode) => render(<NextIntlClientProvider locale="en" messages={messages.en}>{ui}</NextIntlClientProvider>);

const DEVICES: MapDevice[] = [
  { id: 1, deviceName: "Crane A", deviceLongitude: 113.884, deviceLatitude: 22.555, direction: 90, warnStatus: 1, dataList: [{ paramName: "Load", dataValue: 12.5 }] },
  { id: 2, deviceName: "Tilt B", deviceLongitude: "113.8835", deviceLatitude: "22.5545", deviceAddr: "East pit", warnStatus: 2, dataList: [] },
  { id: 3, deviceName: "Lost C", deviceLongitude: null, deviceLatitude: null },
];
const marker = (id: number) => document.querySelector(`[data-marker="${id}"]`) as HTMLElement | null;

describe("DisplayMap", () => {
  it("turns a marker with a direction into an arrow pointing that way, and marks warnStatus 2", () => {
    wrap(<DisplayMap devices={DEVICES} />);
    const arrow = marker(1)!.querySelector("button span span") as HTMLElement;
    expect(arrow.style.transform).toBe("rotate(90deg)");
    expect(marker(1)!.querySelector("[data-warning]")).toBeNull();
    // A pin (no direction) stands upright as a tilted square; the warning one is marked and red.
    expect(marker(2)!.querySelector("[data-warning]")).not.toBeNull();
    expect(within(marker(2)!).getByRole("button").getAttribute("aria-label")).toBe("Tilt B (Warning)");
    expect(within(marker(1)!).getByRole("button").getAttribute("aria-label")).toBe("Crane A (Normal)");
    // No position, no marker.
    expect(marker(3)).toBeNull();
  });

  it("shows every device's live values beside its marker and follows new data", () => {
    const { rerender } = wrap(<DisplayMap devices={DEVICES} />);
    const panels = screen.getAllByTestId("live-panel");
    expect(panels).toHaveLength(2);
    expect(panels[0].textContent).toContain("Load12.5");
    expect(panels[1].textContent).toContain("No data yet");
    rerender(
      <NextIntlClientProvider locale="en" messages={messages.en}>
        <DisplayMap devices={[{ ...DEVICES[0], dataList: [{ paramName: "Load", dataValue: 14 }] }]} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId("live-panel").textContent).toContain("Load14");
  });

  it("cuts a long name short in a panel, whole in its title; the panel is at most as wide as the room on its side", () => {
    const name = "Binjiang Garden Phase II foundation pit monitoring";
    wrap(<DisplayMap devices={[{ ...DEVICES[0], deviceName: name }]} />);
    const panel = screen.getByTestId("live-panel");
    expect(within(panel).getByTitle(name).className).toContain("truncate");
    // One marker is fitted to the middle of the 800 px canvas: 800 − 400 − 48 (the buttons' edge) − 20 (the gap).
    expect(panel.parentElement!.style.maxWidth).toBe("332px");
  });

  it("puts a panel left of its marker when the room to its right is short and the left has more", () => {
    // Fitted, the west one stands at the left padding, the east one at the right; the third ≈ 260 px from the right edge.
    const east = { ...DEVICES[1], deviceLongitude: 113.9, deviceLatitude: 22.555 };
    wrap(<DisplayMap devices={[DEVICES[0], east, { ...east, id: 4, deviceLongitude: 113.898 }]} />);
    const side = (id: number) => (marker(id)!.querySelector("[data-testid=live-panel]")!.parentElement!.className.includes("right-5") ? "left" : "right");
    expect(side(1)).toBe("right");
    expect(side(2)).toBe("left");
    expect(side(4)).toBe("left");
  });

  it("places panels by the room on either side, never narrower than a panel's least", () => {
    expect(panelPlace(400, 800)).toEqual({ onLeft: false, maxWidth: 332 });
    expect(panelPlace(540, 800)).toEqual({ onLeft: true, maxWidth: 520 });
    // Short on both sides: the side with more room.
    expect(panelPlace(100, 300)).toEqual({ onLeft: false, maxWidth: 132 });
    expect(panelPlace(150, 250)).toEqual({ onLeft: true, maxWidth: 130 });
    expect(panelPlace(30, 120)).toEqual({ onLeft: false, maxWidth: 128 });
  });

  it("opens the info card on a marker click, reports the device, and closes it on a map click", () => {
    const onDeviceClick = vi.fn();
    wrap(<DisplayMap devices={DEVICES} onDeviceClick={onDeviceClick} />);
    fireEvent.click(within(marker(2)!).getByRole("button"));
    expect(onDeviceClick).toHaveBeenCalledWith(DEVICES[1]);
    const card = screen.getByTestId("device-card");
    expect(card.textContent).toContain("Tilt B");
    expect(card.textContent).toContain("113.8835");
    expect(card.textContent).toContain("East pit");
    expect(card.textContent).toContain("Warning");
    fireEvent.click(screen.getByTestId("display-map"), { clientX: 5, clientY: 5 });
    expect(screen.queryByTestId("device-card")).toBeNull();
  });

  it("draws polygons in #FF6700 at width 6 unless they say otherwise", () => {
    const path = [
      { lng: 113.883, lat: 22.554 },
      { lng: 113.885, lat: 22.554 },
      { lng: 113.884, lat: 22.556 },
    ];
    wrap(<DisplayMap devices={[]} polygons={[{ id: "a", path }, { id: "b", path, color: "#00AA00", width: 2 }]} />);
    const [a, b] = [...document.querySelectorAll("polygon")];
    expect([a.getAttribute("stroke"), a.getAttribute("stroke-width")]).toEqual([MAP.polygonColor, String(MAP.displayPolygonWidth)]);
    expect([b.getAttribute("stroke"), b.getAttribute("stroke-width")]).toEqual(["#00AA00", "2"]);
  });
});

describe("DeviceListMap", () => {
  it("shows the card of a clicked device with the caller's footer, and says how many have no position", () => {
    const onDeviceClick = vi.fn();
    wrap(<DeviceListMap devices={DEVICES} onDeviceClick={onDeviceClick} cardFooter={(d) => <a href={`/d/${d.id}`}>details</a>} />);
    expect(screen.getByText("1 device has no position")).toBeTruthy();
    expect(screen.queryAllByTestId("live-panel")).toHaveLength(0);
    fireEvent.click(within(marker(1)!).getByRole("button"));
    expect(onDeviceClick).toHaveBeenCalledWith(DEVICES[0]);
    expect(within(screen.getByTestId("device-card")).getByText("details").getAttribute("href")).toBe("/d/1");
  });
});

describe("DeviceLocationMap", () => {
  it("opens on the device's card, toggles it from the marker, and offers satellite only with tiles", () => {
    wrap(<DeviceLocationMap device={DEVICES[1]} />);
    expect(screen.getByTestId("device-card").textContent).toContain("East pit");
    fireEvent.click(within(marker(2)!).getByRole("button"));
    expect(screen.queryByTestId("device-card")).toBeNull();
    fireEvent.click(within(marker(2)!).getByRole("button"));
    expect(screen.getByTestId("device-card")).toBeTruthy();
    const satellite = screen.getByRole("radio", { name: "Satellite" });
    expect(satellite.hasAttribute("disabled")).toBe(true);
    expect(satellite.getAttribute("title")).toBe("Satellite imagery needs a map key");
  });

  it("says when the device has no position instead of showing a marker", () => {
    wrap(<DeviceLocationMap device={DEVICES[2]} />);
    expect(screen.getByText("This device has no position yet")).toBeTruthy();
    expect(document.querySelector("[data-marker]")).toBeNull();
  });
});

describe("alarm and offline apart", () => {
  const PLACED: MapDevice[] = [
    { id: 11, deviceName: "Tilt A", deviceLongitude: 113.884, deviceLatitude: 22.555, alarm: { levelName: "Control", levelColor: "#e5484d" } },
    { id: 12, deviceName: "Tilt B", deviceLongitude: 113.885, deviceLatitude: 22.556, offline: true },
    { id: 13, deviceName: "Tilt C", deviceLongitude: 113.886, deviceLatitude: 22.557, offline: true, alarm: { levelName: "Warning", levelColor: "#eab308" } },
  ];

  for (const [locale, texts] of [
    ["en", { alarm: "Tilt A (Alarm: Control)", offline: "Tilt B (Offline)", both: "Tilt C (Alarm: Warning)", card: "Alarm: Control" }],
    ["zh-cn", { alarm: "Tilt A（告警：Control）", offline: "Tilt B（离线）", both: "Tilt C（告警：Warning）", card: "告警：Control" }],
  ] as const) {
    it(`${locale}: marks an open alarm in its level's colour, an offline device grey, and names the level on the card`, () => {
      render(
        <NextIntlClientProvider locale={locale} messages={messages[locale]}>
          <DeviceListMap devices={PLACED} />
        </NextIntlClientProvider>,
      );
      expect(marker(11)!.querySelector("[data-alarm]")?.getAttribute("data-alarm")).toBe("#e5484d");
      expect(marker(11)!.querySelector("[data-offline]")).toBeNull();
      expect(marker(12)!.querySelector("[data-offline]")).not.toBeNull();
      expect(marker(12)!.querySelector("[data-alarm]")).toBeNull();
      expect(marker(12)!.querySelector("[data-warning]")).toBeNull();
      // An offline device with an open alarm shows the alarm.
      expect(marker(13)!.querySelector("[data-alarm]")?.getAttribute("data-alarm")).toBe("#eab308");
      expect(within(marker(11)!).getByRole("button").getAttribute("aria-label")).toBe(texts.alarm);
      expect(within(marker(12)!).getByRole("button").getAttribute("aria-label")).toBe(texts.offline);
      expect(within(marker(13)!).getByRole("button").getAttribute("aria-label")).toBe(texts.both);
      fireEvent.click(within(marker(11)!).getByRole("button"));
      expect(screen.getByTestId("device-card-status").textContent).toBe(texts.card);
      expect(screen.getByTestId("device-card-status").getAttribute("data-tone")).toBe("alarm");
    });
  }
});
