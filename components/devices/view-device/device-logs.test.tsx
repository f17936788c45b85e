import { describe, expect, it } from "vitest";
import { rejectsResource, statusLogResource } from "./device-logs";

describe("device logs", () => {
  it("page the cloud's own log routes (device-data.ts) and nothing else", () => {
    expect(rejectsResource.endpoints.page).toBe("device/device/rejectPage");
    expect(statusLogResource.endpoints.page).toBe("device/device/statusLogPage");
    for (const r of [rejectsResource, statusLogResource]) expect([r.endpoints.add, r.endpoints.del, r.endpoints.export]).toEqual([false, false, false]);
  });
});
