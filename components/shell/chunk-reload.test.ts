// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isChunkLoadError, reloadOnceForChunk } from "./chunk-reload";

describe("chunk load failures", () => {
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    Object.defineProperty(window, "location", { value: { ...window.location, pathname: "/systemSet/userSet", search: "?current=2", reload }, configurable: true });
  });
  afterEach(() => reload.mockReset());

  it("recognises the errors a missing chunk raises, and nothing else", () => {
    expect(isChunkLoadError({ name: "ChunkLoadError", message: "x" })).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk 123 failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /_next/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("reloads once per page, then lets the error page show", () => {
    expect(reloadOnceForChunk({ name: "ChunkLoadError" })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunk({ name: "ChunkLoadError" })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunk(new Error("other"))).toBe(false);
  });
});
