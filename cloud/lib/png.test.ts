import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { imageSize } from "./image-size";
import { canvas } from "./png";

describe("png", () => {
  it("encodes an RGB image whose header and pixels read back", () => {
    const c = canvas(16, 9, [10, 20, 30]);
    c.fill(2, 1, 3, 2, [255, 0, 0]);
    const png = c.png();
    expect(imageSize(png)).toEqual({ width: 16, height: 9 });
    const idat = png.indexOf("IDAT");
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    const px = (x: number, y: number) => [...raw.subarray(y * 49 + 1 + x * 3, y * 49 + 4 + x * 3)];
    expect(px(0, 0)).toEqual([10, 20, 30]);
    expect(px(2, 1)).toEqual([255, 0, 0]);
    expect(px(5, 1)).toEqual([10, 20, 30]);
  });

  it("reads JPEG and BMP sizes and refuses other bytes", () => {
    // SOI, an APP0 segment of 4 bytes, then a baseline frame header of 300×200.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x01, 0x2c, 0x03]);
    expect(imageSize(jpeg)).toEqual({ width: 300, height: 200 });
    const bmp = Buffer.alloc(30);
    bmp.write("BM", 0, "latin1");
    bmp.writeInt32LE(1920, 18);
    bmp.writeInt32LE(-1080, 22);
    expect(imageSize(bmp)).toEqual({ width: 1920, height: 1080 });
    expect(imageSize(Buffer.from("not an image"))).toBeNull();
  });
});
