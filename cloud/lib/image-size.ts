import { open } from "node:fs/promises";

/** Bytes read from a file's start to find its size; JPEG's frame header usually sits in the first few kB. */
const HEAD = 256 * 1024;

/**
 * Width and height of a PNG, JPEG or BMP from its header bytes, or null when the bytes are not
 * one of those (or the header is cut short). No decoding: the scene check only needs the ratio.
 */
export function imageSize(b: Buffer): { width: number; height: number } | null {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString("latin1", 12, 16) === "IHDR") return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 26 && b.toString("latin1", 0, 2) === "BM") return { width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let at = 2;
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1];
      // Fill bytes, and the markers without a length.
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      // Start of frame (baseline, progressive …; not DHT c4, JPG c8, DAC cc).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) };
      at += 2 + b.readUInt16BE(at + 2);
    }
  }
  return null;
}

/** The size of the image file at `abs`, or null when it is missing or not a known image. */
export async function imageFileSize(abs: string): Promise<{ width: number; height: number } | null> {
  const fh = await open(abs, "r").catch(() => null);
  if (!fh) return null;
  try {
    const buf = Buffer.alloc(HEAD);
    const { bytesRead } = await fh.read(buf, 0, HEAD, 0);
    return imageSize(buf.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}
