/**
 * The simulated cameras' picture (issue 34): a colourful test scene larger than the frame, seen
 * through a window the camera's pan and tilt move; a bar sweeping once a second so motion shows;
 * and along the bottom a machine-readable timestamp strip (the frame's wall-clock time in ms, 48
 * black or white blocks, most significant first) from which the console measures latency.
 */
import { FRAME_H, FRAME_W, STRIP_BITS, STRIP_H } from "@/lib/video/strip";

export const FRAME_RATE = 12;
const SCENE_W = FRAME_W * 3;
const SCENE_H = FRAME_H * 3;
const BLOCK_W = FRAME_W / STRIP_BITS;

let scene: Buffer | null = null;

/** Hue across, light to dark down, a grid every 60 px and a dot at each crossing. */
function drawScene(): Buffer {
  const b = Buffer.alloc(SCENE_W * SCENE_H * 3);
  for (let y = 0; y < SCENE_H; y++) {
    const light = 0.85 - (0.6 * y) / SCENE_H;
    for (let x = 0; x < SCENE_W; x++) {
      const i = (y * SCENE_W + x) * 3;
      const grid = x % 60 === 0 || y % 60 === 0 || x % 60 === 1 || y % 60 === 1;
      const h = (x / SCENE_W) * 6;
      const k = (n: number) => {
        const v = Math.max(0, Math.min(1, Math.abs(((h + n) % 6) - 3) - 1));
        return Math.round(255 * light * (0.35 + 0.65 * v));
      };
      if (grid) b.fill(24, i, i + 3);
      else {
        b[i] = k(0);
        b[i + 1] = k(4);
        b[i + 2] = k(2);
      }
    }
  }
  return b;
}

/** The camera's window on the scene: pan −180…180° across, tilt −90…90° down to up. */
export function windowOf(pan: number, tilt: number) {
  const x = Math.round(((Math.max(-180, Math.min(180, pan)) + 180) / 360) * (SCENE_W - FRAME_W));
  const y = Math.round(((90 - Math.max(-90, Math.min(90, tilt))) / 180) * (SCENE_H - FRAME_H));
  return { x, y };
}

/** One RGB frame for the camera pointing at (pan, tilt) at `ms`; the strip carries `stripMs` (0: a clip's, which no reader takes for a time). */
export function renderFrame(out: Buffer, pan: number, tilt: number, ms: number, stripMs = ms): Buffer {
  scene ??= drawScene();
  const { x, y } = windowOf(pan, tilt);
  for (let row = 0; row < FRAME_H - STRIP_H; row++) scene.copy(out, row * FRAME_W * 3, ((y + row) * SCENE_W + x) * 3, ((y + row) * SCENE_W + x + FRAME_W) * 3);
  // The sweeping bar: across the frame once a second.
  const bar = Math.floor(((ms % 1000) / 1000) * FRAME_W);
  for (let row = 40; row < FRAME_H - STRIP_H - 10; row++) out.fill(255, (row * FRAME_W + bar) * 3, (row * FRAME_W + Math.min(FRAME_W, bar + 4)) * 3);
  writeStrip(out, stripMs);
  return out;
}

/** The timestamp strip: bit i of `ms` as block i, white for 1. */
export function writeStrip(out: Buffer, ms: number) {
  let v = BigInt(Math.floor(ms));
  const bits: number[] = [];
  for (let i = 0; i < STRIP_BITS; i++) {
    bits.unshift(Number(v & 1n));
    v >>= 1n;
  }
  for (let row = FRAME_H - STRIP_H; row < FRAME_H; row++)
    for (let i = 0; i < STRIP_BITS; i++) out.fill(bits[i] ? 255 : 0, (row * FRAME_W + i * BLOCK_W) * 3, (row * FRAME_W + (i + 1) * BLOCK_W) * 3);
}

