import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readStrip, FRAME_H, FRAME_W } from "@/lib/video/strip";
import { CLIP_PATH } from "./cameras";
import { FlvHub, FlvReader, retimed } from "./flv";
import { renderFrame, windowOf } from "./frames";

const clip = readFileSync(CLIP_PATH);

describe("FLV", () => {
  it("reads the same tags however the bytes are cut", () => {
    const whole = new FlvReader().push(clip);
    const cut = new FlvReader();
    const parts = [];
    for (let at = 0; at < clip.length; at += 777) parts.push(...cut.push(clip.subarray(at, at + 777)));
    expect(parts.length).toBe(whole.length);
    expect(parts.map((t) => t.ts)).toEqual(whole.map((t) => t.ts));
    expect(Buffer.concat([cut.header!, ...parts.map((t) => t.bytes)]).equals(clip)).toBe(true);
    // A tag retimed reads back with its new time (a looped clip runs on).
    expect(new FlvReader().push(Buffer.concat([cut.header!, retimed(whole[5], 123_456).bytes]))[0].ts).toBe(123_456);
  });

  it("starts a late viewer with the header, the decoder configuration and the current picture group", () => {
    const reader = new FlvReader();
    const tags = reader.push(clip);
    const hub = new FlvHub();
    hub.setHeader(reader.header!);
    tags.slice(0, 30).forEach((t) => hub.tag(t));
    const got: Buffer[] = [];
    const leave = hub.join((c) => got.push(c));
    const late = new FlvReader().push(got[0]);
    // Decoder configuration first (AVC sequence header), then a keyframe.
    const video = late.filter((t) => t.type === 9);
    expect(video[0].bytes[12]).toBe(0);
    expect(video[1].bytes[11] >> 4).toBe(1);
    hub.tag(tags[30]);
    expect(got[1].equals(tags[30].bytes)).toBe(true);
    leave();
    hub.tag(tags[31]);
    expect(got).toHaveLength(2);
  });
});

describe("the simulated picture", () => {
  it("carries its time in the strip and moves its window with the camera", () => {
    const frame = renderFrame(Buffer.alloc(FRAME_W * FRAME_H * 3), 10, 5, 0, 1_767_000_000_123);
    const rgba = new Uint8ClampedArray(FRAME_W * FRAME_H * 4);
    for (let i = 0; i < FRAME_W * FRAME_H; i++) rgba.set([frame[i * 3], frame[i * 3 + 1], frame[i * 3 + 2], 255], i * 4);
    expect(readStrip(rgba, FRAME_W, FRAME_H)).toBe(1_767_000_000_123);
    // A clip's empty strip is no time.
    renderFrame(frame, 0, 0, 0, 0);
    for (let i = 0; i < FRAME_W * FRAME_H; i++) rgba.set([frame[i * 3], frame[i * 3 + 1], frame[i * 3 + 2], 255], i * 4);
    expect(readStrip(rgba, FRAME_W, FRAME_H)).toBeNull();
    expect(windowOf(10, 0).x).toBeGreaterThan(windowOf(0, 0).x);
    expect(windowOf(0, 10).y).toBeLessThan(windowOf(0, 0).y);
  });
});
