import { describe, expect, it } from "vitest";
import { coordinates, mapAddress, polygonArea } from "@/lib/contract/geo";
import {
  MAP,
  areaCodeOf,
  popupPlace,
  canClose,
  devicePosition,
  fitView,
  fromScreen,
  gpsToMap,
  graticule,
  nearestWithin,
  niceStep,
  pan,
  pointInPolygon,
  polygonAt,
  project,
  scaleBar,
  toScreen,
  unproject,
  zoomAt,
  type View,
} from "./geo";

const view: View = { center: MAP.center, zoom: 16, width: 800, height: 450 };
const close = (a: { lng: number; lat: number }, b: { lng: number; lat: number }, eps = 1e-9) => {
  expect(a.lng).toBeCloseTo(b.lng, -Math.log10(eps));
  expect(a.lat).toBeCloseTo(b.lat, -Math.log10(eps));
};

describe("projection", () => {
  it("puts 0,0 in the middle of the world and round-trips", () => {
    expect(project({ lng: 0, lat: 0 }, 0)).toEqual({ x: 128, y: 128 });
    close(unproject(project(MAP.center, 17), 17), MAP.center);
  });

  it("maps the view's centre to the middle of the screen and back", () => {
    expect(toScreen(view, MAP.center)).toEqual({ x: 400, y: 225 });
    close(fromScreen(view, toScreen(view, { lng: 113.885, lat: 22.556 })), { lng: 113.885, lat: 22.556 });
    // East is right, north is up.
    const p = toScreen(view, { lng: MAP.center.lng + 0.001, lat: MAP.center.lat + 0.001 });
    expect(p.x).toBeGreaterThan(400);
    expect(p.y).toBeLessThan(225);
  });

  it("pans with the drag and zooms about the anchor", () => {
    const moved = pan(view, 100, 0);
    expect(toScreen(moved, MAP.center).x).toBeCloseTo(500, 6);
    const anchor = { x: 600, y: 100 };
    const under = fromScreen(view, anchor);
    const zoomed = zoomAt(view, 18, anchor);
    expect(zoomed.zoom).toBe(18);
    const back = toScreen(zoomed, under);
    expect(back.x).toBeCloseTo(600, 6);
    expect(back.y).toBeCloseTo(100, 6);
    expect(zoomAt(view, 99).zoom).toBe(MAP.maxZoom);
  });

  it("fits points with padding and keeps the default zoom for one point", () => {
    const pts = [
      { lng: 113.8, lat: 22.5 },
      { lng: 114.0, lat: 22.6 },
    ];
    const v = fitView(pts, 800, 450, { center: MAP.center, zoom: 16 });
    for (const p of pts) {
      const s = toScreen(v, p);
      expect(s.x).toBeGreaterThanOrEqual(48 - 1e-6);
      expect(s.x).toBeLessThanOrEqual(752 + 1e-6);
      expect(s.y).toBeGreaterThanOrEqual(0);
      expect(s.y).toBeLessThanOrEqual(450);
    }
    expect(v.zoom).toBeLessThan(16);
    expect(fitView([MAP.center], 800, 450, { center: MAP.center, zoom: 16 }).zoom).toBe(16);
    expect(fitView([], 800, 450, { center: MAP.center, zoom: 17 })).toMatchObject({ center: MAP.center, zoom: 17 });
  });
});

describe("graticule and scale", () => {
  it("picks 1-2-5 steps", () => {
    expect([0.0003, 0.001, 0.0015, 4, 7].map(niceStep)).toEqual([0.0005, 0.001, 0.002, 5, 10]);
  });

  it("draws lines at least the minimum apart, inside the view", () => {
    const g = graticule(view, 90);
    expect(g.lngs.length).toBeGreaterThan(1);
    const xs = g.lngs.map((lng) => toScreen(view, { lng, lat: MAP.center.lat }).x);
    expect(xs[1] - xs[0]).toBeGreaterThanOrEqual(90);
    for (const x of xs) expect(x >= 0 && x <= 800).toBe(true);
    expect(g.decimals).toBeGreaterThanOrEqual(3);
  });

  it("gives a round scale-bar length no longer than asked", () => {
    const s = scaleBar(view, 100);
    expect(s.px).toBeLessThanOrEqual(100);
    expect(s.px).toBeGreaterThan(40);
    expect(String(s.metres)).toMatch(/^[125]0*$/);
  });
});

describe("hit-testing and polygon rules", () => {
  const square = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 10, y: 10 },
    { x: 0, y: 10 },
  ];
  it("tells inside from outside", () => {
    expect(pointInPolygon({ x: 5, y: 5 }, square)).toBe(true);
    expect(pointInPolygon({ x: 15, y: 5 }, square)).toBe(false);
    expect(pointInPolygon({ x: 5, y: 5 }, square.slice(0, 2))).toBe(false);
  });

  it("finds the nearest point within the radius", () => {
    expect(nearestWithin(square, { x: 9, y: 1 }, 3)).toBe(1);
    expect(nearestWithin(square, { x: 5, y: 5 }, 3)).toBe(-1);
  });

  it("finds the topmost polygon under a screen point", () => {
    const c = MAP.center;
    const around = (d: number) => [
      { lng: c.lng - d, lat: c.lat - d },
      { lng: c.lng + d, lat: c.lat - d },
      { lng: c.lng + d, lat: c.lat + d },
      { lng: c.lng - d, lat: c.lat + d },
    ];
    const polys = [
      { id: "big", path: around(0.002) },
      { id: "small", path: around(0.0005) },
    ];
    expect(polygonAt(view, polys, { x: 400, y: 225 })?.id).toBe("small");
    expect(polygonAt(view, polys, toScreen(view, { lng: c.lng + 0.0015, lat: c.lat }))?.id).toBe("big");
    expect(polygonAt(view, polys, { x: 0, y: 0 })).toBeUndefined();
  });

  it("closes a path only with three points or more", () => {
    const p = { lng: 1, lat: 1 };
    expect(canClose([p, p])).toBe(false);
    expect(canClose([p, p, p])).toBe(true);
    expect(polygonArea.safeParse({ id: 1, path: [p, p], color: "#FF6700", width: 3 }).success).toBe(false);
    expect(polygonArea.safeParse({ id: 1, path: [p, p, p], color: "#FF6700", width: 3 }).success).toBe(true);
  });
});

describe("coordinates", () => {
  it("accepts the ranges and refuses beyond them", () => {
    expect(coordinates.safeParse({ lng: "113.88", lat: "22.55" }).data).toEqual({ lng: 113.88, lat: 22.55 });
    expect(coordinates.safeParse({ lng: 180, lat: -90 }).success).toBe(true);
    const bad = coordinates.safeParse({ lng: 180.1, lat: "x" });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["lng", "validation.max"],
      ["lat", "validation.number"],
    ]);
    expect(mapAddress.safeParse({ address: "a", lng: 1, lat: 1, adcode: "440306" }).success).toBe(true);
  });

  it("reads device positions and drops missing or impossible ones", () => {
    expect(devicePosition({ deviceLongitude: "113.9", deviceLatitude: 22.5 })).toEqual({ lng: 113.9, lat: 22.5 });
    expect(devicePosition({ deviceLongitude: null, deviceLatitude: 22.5 })).toBeNull();
    expect(devicePosition({ deviceLongitude: "", deviceLatitude: "" })).toBeNull();
    expect(devicePosition({ deviceLongitude: 200, deviceLatitude: 22.5 })).toBeNull();
  });

  it("shifts GPS fixes in China to map coordinates and leaves others alone", () => {
    // Shenzhen: the offset is a few hundred metres north-west-ish (about +0.005° lng, −0.003° lat).
    const m = gpsToMap({ lng: 113.88, lat: 22.55 });
    expect(m.lng - 113.88).toBeGreaterThan(0.004);
    expect(m.lng - 113.88).toBeLessThan(0.007);
    expect(m.lat - 22.55).toBeLessThan(-0.002);
    expect(m.lat - 22.55).toBeGreaterThan(-0.004);
    expect(gpsToMap({ lng: 2.35, lat: 48.85 })).toEqual({ lng: 2.35, lat: 48.85 });
  });

  it("finds the adcode of geocoded administrative names", () => {
    const tree = [
      { code: "440000", name: "广东省", childrens: [{ code: "440300", name: "深圳市", childrens: [{ code: "440306", name: "宝安区" }] }] },
      { code: "110000", name: "北京市", childrens: [{ code: "110100", name: "市辖区", childrens: [{ code: "110101", name: "东城区" }] }] },
    ];
    expect(areaCodeOf(tree, ["中国", "广东省", "深圳市", "宝安区"])).toBe("440306");
    expect(areaCodeOf(tree, ["广东", "深圳"])).toBe("440300");
    expect(areaCodeOf(tree, ["北京市", "东城区"])).toBe("110101");
    expect(areaCodeOf(tree, ["Guangdong"])).toBe("");
    expect(areaCodeOf(undefined, ["广东省"])).toBe("");
  });
});

describe("a popup's place beside its marker", () => {
  const box = { width: 400, height: 318 };
  it("goes above the marker when it fits there, else below it", () => {
    expect(popupPlace({ x: 200, y: 250 }, { width: 240, height: 130 }, box)).toEqual({ x: 80, y: 80 });
    // The device page's centred marker: no room above, the card goes below.
    expect(popupPlace({ x: 200, y: 159 }, { width: 240, height: 130 }, box)).toEqual({ x: 80, y: 171 });
  });

  it("keeps a card taller than the room below inside the map (a long English address, an alarm's level), and in from the sides", () => {
    const tall = popupPlace({ x: 200, y: 159 }, { width: 240, height: 170 }, box);
    expect(tall.y + 170).toBeLessThanOrEqual(box.height - 4);
    expect(tall.y).toBeGreaterThanOrEqual(4);
    expect(popupPlace({ x: 30, y: 159 }, { width: 240, height: 130 }, box).x).toBe(4);
    expect(popupPlace({ x: 390, y: 159 }, { width: 240, height: 130 }, box).x).toBe(400 - 4 - 240);
  });

  it("before it is measured, goes above with room for it, else below", () => {
    expect(popupPlace({ x: 200, y: 250 }, { width: 0, height: 0 }, box)).toEqual({ x: 200, y: 210 });
    expect(popupPlace({ x: 200, y: 100 }, { width: 0, height: 0 }, box)).toEqual({ x: 200, y: 112 });
  });
});
