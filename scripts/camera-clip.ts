import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FRAME_H, FRAME_W } from "@/lib/video/strip";
import { CLIP_PATH, encoderArgs, findFfmpeg } from "@/cloud/media/cameras";
import { FRAME_RATE, renderFrame } from "@/cloud/media/frames";

/**
 * Writes the clip the simulated cameras loop on a machine without ffmpeg
 * (`cloud/media/camera-clip.flv`, committed): 8 s of the test scene panning right and back, the
 * sweeping bar, and an empty timestamp strip (a looped clip has no time to measure against).
 */
const ffmpeg = findFfmpeg();
if (!ffmpeg) {
  console.error("ffmpeg is needed to write the clip (apt-get install ffmpeg)");
  process.exit(1);
}
const SECONDS = 8;
const frames: Buffer[] = [];
for (let i = 0; i < SECONDS * FRAME_RATE; i++) {
  const t = i / (SECONDS * FRAME_RATE);
  const pan = -60 + 120 * (t < 0.5 ? t * 2 : 2 - t * 2);
  frames.push(Buffer.from(renderFrame(Buffer.alloc(FRAME_W * FRAME_H * 3), pan, 10, (i * 1000) / FRAME_RATE, 0)));
}
const out = fileURLToPath(CLIP_PATH);
const args = encoderArgs(null, ["-crf", "34", "-f", "flv", "-flvflags", "no_duration_filesize", "-y", out]);
const r = spawnSync(ffmpeg, args, { input: Buffer.concat(frames), stdio: ["pipe", "inherit", "inherit"], maxBuffer: 1 << 30 });
if (r.status !== 0) process.exit(r.status ?? 1);
console.log(`wrote ${out}: ${statSync(out).size} bytes`);
