import { describe, expect, it } from "vitest";
import { CAMERA_REPEAT_MS, CAMERA_TTL_MS } from "@/lib/contract/video/video";
import { settle, turning, vidiconAnswer, type PadState } from "./pad";

describe("the simulated camera's vidiconOperate", () => {
  it("turns at its step per repeat until the TTL lapses, and stops at once on step 0", () => {
    const s: PadState = { pan: 0, tilt: 0 };
    expect(vidiconAnswer(s, { controlType: "horizontal", controlValue: 5, ttlMs: CAMERA_TTL_MS }, "CAM1", 0).code).toBe(200);
    expect(settle(s, CAMERA_REPEAT_MS).pan).toBe(5);
    expect(turning(s, "horizontal", CAMERA_TTL_MS - 1)).toBe(true);
    expect(turning(s, "horizontal", CAMERA_TTL_MS)).toBe(false);
    expect(s.pan).toBe(6);
    vidiconAnswer(s, { controlType: "vertical", controlValue: -5, ttlMs: CAMERA_TTL_MS }, "CAM1", 1000);
    vidiconAnswer(s, { controlType: "vertical", controlValue: 0 }, "CAM1", 1100);
    expect(turning(s, "vertical", 1100)).toBe(false);
    expect(settle(s, 5000).tilt).toBe(-1);
  });

  it("steps 10 for a click, restores home, answers the stream and refuses what it does not know", () => {
    const s: PadState = { pan: 0, tilt: 0 };
    vidiconAnswer(s, { controlType: "vertical", controlValue: 10, ttlMs: CAMERA_REPEAT_MS }, "CAM1", 0);
    expect(settle(s, 10_000).tilt).toBe(10);
    expect(vidiconAnswer(s, { controlType: "restore" }, "CAM1", 10_000).out).toEqual({ pan: 0, tilt: 0 });
    expect(vidiconAnswer(s, { controlType: "video" }, "CAM1", 0).out.url).toMatch(/^rtsp:\/\/cam1\.cam\.local:554\//);
    expect(vidiconAnswer(s, { controlType: "zoom" }, "CAM1", 0).code).toBe(400);
    expect(vidiconAnswer(s, { controlType: "horizontal", controlValue: 50, ttlMs: 600 }, "CAM1", 0).code).toBe(400);
  });
});
