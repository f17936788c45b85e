import { describe, expect, it } from "vitest";
import { deviceRowsOf } from "./device-rows";

describe("device tree picker", () => {
  it("flattens products with their devices (subItem) into pickable device rows", () => {
    const tree = [
      { id: 3, name: "双轴倾角计", productId: 3, subItem: [{ id: 11, name: "倾角-01", sn: "QJ-01", productId: 3 }, { id: 12, name: "倾角-02", sn: "QJ-02", productId: 3 }] },
      { id: 4, name: "网关", productId: 4, subItem: [] },
    ];
    expect(deviceRowsOf(tree)).toEqual([
      { id: 11, deviceName: "倾角-01", deviceSn: "QJ-01", prodName: "双轴倾角计", productId: 3 },
      { id: 12, deviceName: "倾角-02", deviceSn: "QJ-02", prodName: "双轴倾角计", productId: 3 },
    ]);
    expect(deviceRowsOf(null)).toEqual([]);
  });
});
