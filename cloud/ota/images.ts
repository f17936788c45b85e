import { readFile } from "node:fs/promises";

const MB = 2 ** 20;

/**
 * Firmware images in memory while devices download them. A rollout sends one image to every device
 * in `Range` parts (a 1 MiB image to 1,000 devices is 16,000 requests of 64 KiB): reading each part
 * from disk costs a stat, an open, a read and a fresh 64 KiB buffer per request, all garbage a moment
 * later. Here an image is read once and each part is a view of it. At most `budgetMb` of images are
 * kept, the least recently served dropped first; a larger image is not kept (it is streamed from disk).
 * Stored files never change in place (a new upload is a new path), and an entry is also keyed by the
 * SHA-256 the package was saved with, so a file replaced under the same name is read again.
 */
export class ImageCache {
  private budget = 0;
  private readonly images = new Map<string, { sha256: string; size: number; bytes: Promise<Buffer> }>();
  private held = 0;

  constructor(budgetMb = Number(process.env.OTA_IMAGE_CACHE_MB ?? 64)) {
    this.resize(budgetMb);
  }

  /** Changes the budget (`OTA_IMAGE_CACHE_MB`, 64 by default; 0 serves every image from disk), dropping what no longer fits. */
  resize(budgetMb: number) {
    this.budget = Math.max(0, Number.isFinite(budgetMb) ? budgetMb : 64) * MB;
    while (this.held > this.budget && this.images.size) this.drop(this.images.keys().next().value!);
  }

  /** The whole image at `abs` of `size` bytes, or null when it is too large to keep (stream it then). Rejects when the file cannot be read. */
  async get(abs: string, size: number, sha256: string): Promise<Buffer | null> {
    if (size > this.budget) return null;
    const hit = this.images.get(abs);
    if (hit && hit.sha256 === sha256 && hit.size === size) {
      // Most recently served last: the map's order is the eviction order.
      this.images.delete(abs);
      this.images.set(abs, hit);
      return hit.bytes;
    }
    if (hit) this.drop(abs);
    while (this.held + size > this.budget && this.images.size) this.drop(this.images.keys().next().value!);
    const bytes = readFile(abs);
    this.images.set(abs, { sha256, size, bytes });
    this.held += size;
    // A file that could not be read is not kept: the next request tries again.
    bytes.catch(() => this.images.get(abs)?.bytes === bytes && this.drop(abs));
    return bytes;
  }

  /** Bytes held (for tests and figures). */
  get heldBytes() {
    return this.held;
  }

  private drop(abs: string) {
    const e = this.images.get(abs);
    if (!e) return;
    this.images.delete(abs);
    this.held -= e.size;
  }
}

/** The images of this process's downloads. */
export const images = new ImageCache();
