import { afterEach, describe, expect, it, vi } from "vitest";
import { join } from "node:path";
import { cloudConfig } from "./start";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("cloudConfig", () => {
  it("keeps uploads under DATA_DIR/files unless FILES_DIR says otherwise", () => {
    vi.stubEnv("FILES_DIR", "");
    vi.stubEnv("DATA_DIR", "");
    expect(cloudConfig().filesDir).toBe(join(".data", "files"));
    vi.stubEnv("DATA_DIR", "/srv/iot");
    expect(cloudConfig().filesDir).toBe(join("/srv/iot", "files"));
    vi.stubEnv("FILES_DIR", "/mnt/uploads");
    expect(cloudConfig().filesDir).toBe("/mnt/uploads");
    expect(cloudConfig({ filesDir: "/tmp/x" }).filesDir).toBe("/tmp/x");
  });
});
