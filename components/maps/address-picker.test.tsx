// @vitest-environment jsdom
import * as React from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SWRConfig } from "swr";
import type { Geocoder, SurfaceProps } from "./surface";
import { AddressPicker, type AddressValue } from "./address-picker";

const tree = [{ code: "440000", name: "广东省", childrens: [{ code: "440300", name: "深圳市", childrens: [{ code: "440306", name: "宝安区" }] }] }];
vi.mock("@/lib/api/fetcher", async (original) => ({ ...(await original<object>()), swrFetcher: async () => tree }));

// The Google surface is replaced by one that hands over a scripted geocoder and reports clicks.
const geocoder = vi.hoisted(() => ({ current: null as Geocoder | null }));
vi.mock("./map-surface", () => ({
  MapSurface: (props: SurfaceProps) => {
    React.useEffect(() => props.onGeocoder?.(geocoder.current), [props]);
    return <button type="button" data-testid="fake-map" onClick={() => props.onMapClick?.({ lng: 113.9, lat: 22.6 })} />;
  },
}));

beforeEach(() => {
  geocoder.current = null;
});

function Harness({ onChange }: { onChange: (v: AddressValue) => void }) {
  const [value, setValue] = React.useState<AddressValue>({ address: "", lng: "", lat: "", adcode: "" });
  return (
    <AddressPicker
      value={value}
      onChange={(v) => {
        onChange(v);
        setValue(v);
      }}
    />
  );
}

const wrap = (ui: React.ReactNode) =>
  renderIntl(
    <SWRConfig value={{ provider: () => new Map() }}>
      {ui}
    </SWRConfig>,
  );

describe("AddressPicker", () => {
  it("without a geocoder: typed coordinates are checked, a map click sets them, no search box", () => {
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />);
    expect(screen.queryByRole("combobox", { name: "Search for a place" })).toBeNull();
    const lng = screen.getByLabelText("Longitude");
    fireEvent.change(lng, { target: { value: "200" } });
    fireEvent.blur(lng);
    expect(screen.getByRole("alert").textContent).toBe("Must not exceed 180");
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(lng, { target: { value: "113.1234567" } });
    fireEvent.blur(lng);
    expect(onChange).toHaveBeenLastCalledWith({ address: "", lng: 113.123457, lat: "", adcode: "" });
    fireEvent.click(screen.getByTestId("fake-map"));
    expect(onChange).toHaveBeenLastCalledWith({ address: "", lng: 113.9, lat: 22.6, adcode: "" });
    expect((screen.getByLabelText("Latitude") as HTMLInputElement).value).toBe("22.6");
  });

  it("with a geocoder: suggests 500 ms after typing stops and fills address, position and adcode", async () => {
    vi.useFakeTimers();
    const suggest = vi.fn(async (q: string) => [{ id: "p1", text: `${q} Park`, secondary: "Shenzhen" }]);
    geocoder.current = {
      suggest,
      place: async () => ({ address: "广东省深圳市宝安区 Park", position: { lng: 113.88, lat: 22.55 }, names: ["广东省", "深圳市", "宝安区"] }),
      reverse: async (p) => ({ address: "Reverse", position: p, names: [] }),
    };
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const box = screen.getByRole("combobox", { name: "Search for a place" });
    fireEvent.change(box, { target: { value: "Bao" } });
    await act(async () => void (await vi.advanceTimersByTimeAsync(300)));
    fireEvent.change(box, { target: { value: "Baoan" } });
    await act(async () => void (await vi.advanceTimersByTimeAsync(499)));
    expect(suggest).not.toHaveBeenCalled();
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest).toHaveBeenCalledWith("Baoan");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /Baoan Park/ }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(onChange).toHaveBeenLastCalledWith({ address: "广东省深圳市宝安区 Park", lng: 113.88, lat: 22.55, adcode: "440306" });
    // A map click reverse-geocodes; names outside the area tree keep the chosen adcode.
    await act(async () => {
      fireEvent.click(screen.getByTestId("fake-map"));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(onChange).toHaveBeenLastCalledWith({ address: "Reverse", lng: 113.9, lat: 22.6, adcode: "440306" });
  });
});
