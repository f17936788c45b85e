import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CameraStreams, encoderArgs, overlayText } from "./cameras";

const dir = mkdtempSync(join(tmpdir(), "camera-encoder-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A stand-in for ffmpeg that behaves as it does on SIGTERM: it goes on drawing the frames it holds for a while,
 * reading the drawtext file for each (`reload=1`), and reports whether the file was there for every one of them.
 */
function fakeEncoder(report: string) {
  const script = join(dir, "fake-ffmpeg.mjs");
  writeFileSync(
    script,
    `import { existsSync, writeFileSync } from "node:fs";
const vf = process.argv[process.argv.indexOf("-vf") + 1] ?? "";
const file = /textfile=([^:]+)/.exec(vf)?.[1];
const seen = [];
const look = () => seen.push(file && existsSync(file) ? "there" : "missing");
const timer = setInterval(look, 20);
process.stdin.resume();
process.on("SIGTERM", () => setTimeout(() => { clearInterval(timer); look(); writeFileSync(${JSON.stringify(report)}, JSON.stringify({ file, seen })); process.exit(255); }, 300));
`,
  );
  const bin = join(dir, "ffmpeg");
  writeFileSync(bin, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(script)} "$@"\n`);
  chmodSync(bin, 0o755);
  return bin;
}

const until = async (test: () => boolean, ms = 5_000) => {
  for (const t0 = Date.now(); !test(); ) {
    if (Date.now() - t0 > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("a simulated camera's picture", () => {
  it("reads its site's clock (the tenant's zone), not the server's, with where it points", () => {
    const view = { label: "PTZ camera-01 01", position: () => ({ pan: 12.34, tilt: -5 }), zone: "Asia/Shanghai" };
    const at = Date.UTC(2026, 10, 30, 23, 57, 42);
    expect(overlayText(view, at)).toBe("PTZ camera-01 01  2026-12-01 07:57:42  P 12.3  T -5.0");
    expect(overlayText({ ...view, zone: "Europe/Berlin" }, at)).toContain("2026-12-01 00:57:42");
  });
});

describe("a simulated camera's encoder", () => {
  it.skipIf(!encoderArgs("x").includes("-vf"))("keeps its text file until it has exited, so its last frames are drawn with it (no \"Error while filtering\")", async () => {
    const report = join(dir, "report.json");
    const streams = new CameraStreams(fakeEncoder(report));
    const stream = streams.flv("7", { label: "Camera 01", position: () => ({ pan: 0, tilt: 0 }), zone: "Asia/Shanghai" });
    const reader = stream.getReader();
    // The encoder runs for a few frames (the text rewritten meanwhile), then the camera stops.
    await new Promise((r) => setTimeout(r, 400));
    streams.close();
    await until(() => existsSync(report));
    const { file, seen } = JSON.parse(readFileSync(report, "utf8")) as { file: string; seen: string[] };
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter((s) => s === "missing")).toEqual([]);
    // A file per encoder: one watched again while the last one exits is not robbed of its file.
    expect(file).toMatch(/iot-camera-\d+-7-\d+\.txt$/);
    // Once the encoder has gone, so has its file.
    await until(() => !existsSync(file));
    void reader.cancel().catch(() => {});
  });
});
