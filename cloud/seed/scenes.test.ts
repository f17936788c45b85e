import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSceneRatio } from "@/lib/contract/scene/scene";
import { scenes } from "../db/schema";
import { imageSize } from "../lib/image-size";
import { createTestCloud, SETUP_MS, type TestCloud } from "../testing";
import { demoFloorPlan, writeDemoPlans } from "./scenes";

let cloud: TestCloud;
let dir: string;
beforeAll(async () => {
  cloud = await createTestCloud();
  dir = await mkdtemp(join(tmpdir(), "scenes-"));
}, SETUP_MS);
afterAll(async () => {
  await cloud?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("demo scenes", () => {
  it("draws a 16:9 floor plan the scene check accepts", () => {
    const size = imageSize(demoFloorPlan())!;
    expect(size).toEqual({ width: 1600, height: 900 });
    expect(isSceneRatio(size.width, size.height)).toBe(true);
  });

  it("writes each demo scene's plan where its path points, when it is missing", async () => {
    const rows = await cloud.db.select({ sceneFile: scenes.sceneFile }).from(scenes);
    expect(rows.length).toBeGreaterThan(0);
    await writeDemoPlans(cloud.db, dir);
    const written = await readFile(join(dir, rows[0].sceneFile));
    expect(imageSize(written)).toEqual({ width: 1600, height: 900 });
  });
});
