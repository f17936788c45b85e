/**
 * The simulated cameras' timestamp strip (issue 34): along the bottom of each frame the wall-clock
 * time it was drawn, in ms, as 48 black or white blocks (most significant first). The cloud draws
 * it (`cloud/media/frames.ts`); the browser reads it back to show a tile's latency.
 */
export const FRAME_W = 480;
export const FRAME_H = 270;
export const STRIP_BITS = 48;
export const STRIP_H = 12;

/**
 * Reads the strip back from RGBA pixels of a frame scaled to `width` (the browser's canvas): the
 * middle of each block, a block light when its green is above half. Null when the strip is not
 * there (a clip without one, a frame not yet drawn).
 */
export function readStrip(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): number | null {
  const y = Math.floor(height - (STRIP_H / FRAME_H) * height * 0.5);
  let v = 0n;
  for (let i = 0; i < STRIP_BITS; i++) {
    const x = Math.floor(((i + 0.5) * width) / STRIP_BITS);
    const g = rgba[(y * width + x) * 4 + 1];
    v = (v << 1n) | (g > 127 ? 1n : 0n);
  }
  const ms = Number(v);
  // A plausible time only (2020 … 2100): anything else is not a strip.
  return ms > 1_577_836_800_000 && ms < 4_102_444_800_000 ? ms : null;
}
