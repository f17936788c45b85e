import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ImageCache } from "./images";

const dir = mkdtempSync(join(tmpdir(), "ota-images-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const MB = 2 ** 20;
function file(name: string, mb: number, fill: number) {
  const abs = join(dir, name);
  writeFileSync(abs, Buffer.alloc(mb * MB, fill));
  return abs;
}

describe("firmware images in memory", () => {
  it("reads an image once and serves it again from memory, until its file is replaced", async () => {
    const cache = new ImageCache(4);
    const abs = file("a.bin", 1, 1);
    const first = await cache.get(abs, MB, "sha-a");
    writeFileSync(abs, Buffer.alloc(MB, 2));
    // Same image as saved: the bytes in memory, not the file changed underneath.
    expect((await cache.get(abs, MB, "sha-a"))![0]).toBe(1);
    expect(await cache.get(abs, MB, "sha-a")).toBe(first);
    // A package saved with another hash for the path: read again.
    expect((await cache.get(abs, MB, "sha-b"))![0]).toBe(2);
    expect(cache.heldBytes).toBe(MB);
  });

  it("keeps at most its budget, dropping the least recently served, and never an image larger than the budget", async () => {
    const cache = new ImageCache(2);
    const [a, b, c] = [file("1.bin", 1, 1), file("2.bin", 1, 2), file("3.bin", 1, 3)];
    const big = file("big.bin", 3, 4);
    const bufA = await cache.get(a, MB, "1");
    await cache.get(b, MB, "2");
    expect(await cache.get(a, MB, "1")).toBe(bufA);
    // Room for c: b goes (a was served last).
    await cache.get(c, MB, "3");
    expect(cache.heldBytes).toBe(2 * MB);
    expect(await cache.get(a, MB, "1")).toBe(bufA);
    expect(await cache.get(big, 3 * MB, "4")).toBeNull();
    expect(cache.heldBytes).toBe(2 * MB);
    cache.resize(0);
    expect(cache.heldBytes).toBe(0);
    expect(await cache.get(a, MB, "1")).toBeNull();
  });

  it("rejects a file that cannot be read, and does not keep the failure", async () => {
    const cache = new ImageCache(4);
    const abs = join(dir, "later.bin");
    await expect(cache.get(abs, MB, "x")).rejects.toThrow();
    expect(cache.heldBytes).toBe(0);
    writeFileSync(abs, Buffer.alloc(MB, 7));
    expect((await cache.get(abs, MB, "x"))![0]).toBe(7);
  });
});
