import { describe, expect, it } from "vitest";
import { deviceApi } from "@/lib/contract/device/device";
import { allDevicesResource } from "./all-devices-resource";

describe("allDevicesResource", () => {
  it("reads every tenant's devices and is read by its own screen alone: a user without that menu gets no access, not a refused call", () => {
    expect(allDevicesResource.endpoints.page).toBe(deviceApi.pageAdmin.path);
    expect(allDevicesResource.readers).toEqual(["/devices/allDevices"]);
  });

  it("changes nothing: no detail call, no delete", () => {
    expect(allDevicesResource.endpoints.info).toBe(false);
    expect(allDevicesResource.endpoints.del).toBe(false);
  });
});
