// @vitest-environment node
import { describe, expect, it } from "vitest";
import { Cron } from "./lazy-croner";
import { zodReady } from "./lazy-zod";

describe("croner in the browser (lib/lazy-croner.ts)", () => {
  it("refuses to run before zod's part of the bundle has loaded, then is croner", async () => {
    expect(() => new Cron("0 0 12 * * *", { paused: true })).toThrow(/before it has loaded/);
    await zodReady();
    const next = new Cron("0 0 12 * * *", { paused: true, timezone: "UTC" }).nextRun(new Date("2026-01-01T13:00:00Z"));
    expect(next?.toISOString()).toBe("2026-01-02T12:00:00.000Z");
  });
});
