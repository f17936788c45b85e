import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { CameraStreams, CameraView } from "./cameras";

/** A snapshot waits this long for a picture; a stream without one counts as "camera connection failed". */
const SNAPSHOT_WAIT_MS = 8_000;
/** A recording ends by itself after this (a forgotten one does not fill the disk). */
export const RECORDING_MAX_MS = 10 * 60_000;

/** Why a capture failed, as a message key of `cloud.video`. */
export class CaptureFailed extends Error {
  constructor(readonly reason: "captureOff" | "hlsOff" | "connectionFailed" | "alreadyRecording" | "notRecording" | "processingFailed") {
    super(reason);
  }
}

/** A recording being written: `stop` ends the writing and resolves once the file is closed. */
export type Writing = { stop: () => Promise<void> };

/** Runs ffmpeg on a stream's bytes: `args` read FLV from stdin; answers its stdout once it exits with 0. */
function ffmpegOn(ffmpeg: string, args: string[], input: ReadableStream<Uint8Array> | null, waitMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const proc = spawn(ffmpeg, ["-hide_banner", "-loglevel", "error", ...args], { stdio: ["pipe", "pipe", "ignore"] });
    const out: Buffer[] = [];
    const reader = input?.getReader();
    const timer = setTimeout(() => proc.kill("SIGKILL"), waitMs);
    proc.stdout.on("data", (b: Buffer) => out.push(b));
    proc.stdin.on("error", () => {});
    proc.on("error", reject);
    proc.on("close", (code) => {
      clearTimeout(timer);
      void reader?.cancel().catch(() => {});
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new CaptureFailed(input ? "connectionFailed" : "processingFailed"));
    });
    if (!reader) return proc.stdin.end();
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done || proc.exitCode !== null || proc.stdin.destroyed) break;
        if (!proc.stdin.write(value)) await new Promise<void>((r) => proc.stdin.once("drain", () => r()));
      }
      proc.stdin.end();
    })();
  });
}

/**
 * Snapshots and recordings of the simulated cameras (issue 34), taken from the stream the wall
 * plays: a snapshot is the first whole picture decoded to JPEG; a recording writes the stream's
 * FLV to a file and is remuxed to MP4 (no re-encoding) when it ends. Both need ffmpeg: without it
 * they are off and say so. Which recordings run, and on which instance, is `CameraRecordings`'.
 */
export class CameraCapture {
  private readonly writing = new Set<Writing>();

  constructor(
    private readonly streams: CameraStreams,
    private readonly ffmpeg: string | null,
  ) {}

  get available() {
    return this.ffmpeg !== null;
  }

  /** The camera's picture now, as JPEG. */
  async snapshot(key: string, view: CameraView): Promise<Buffer> {
    if (!this.ffmpeg) throw new CaptureFailed("captureOff");
    const jpeg = await ffmpegOn(this.ffmpeg, ["-f", "flv", "-i", "pipe:0", "-frames:v", "1", "-q:v", "3", "-f", "image2", "-c:v", "mjpeg", "pipe:1"], this.streams.flv(key, view), SNAPSHOT_WAIT_MS);
    if (!jpeg.length) throw new CaptureFailed("connectionFailed");
    return jpeg;
  }

  /** Writes the camera's stream to `file` (FLV, flushed as it comes: what a crash leaves is playable) until stopped. */
  write(key: string, view: CameraView, file: string): Writing {
    if (!this.ffmpeg) throw new CaptureFailed("captureOff");
    const out = createWriteStream(file);
    out.on("error", () => {});
    const reader = this.streams.flv(key, view).getReader();
    let stopped = false;
    void (async () => {
      while (!stopped) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) break;
        if (!out.write(value)) await new Promise<void>((r) => out.once("drain", () => r()));
      }
    })();
    const w: Writing = {
      stop: async () => {
        if (stopped) return;
        stopped = true;
        this.writing.delete(w);
        await reader.cancel().catch(() => {});
        await new Promise<void>((resolve) => out.end(resolve));
      },
    };
    this.writing.add(w);
    return w;
  }

  /** The FLV file remuxed to an MP4 in the temporary folder (the caller stores and removes it); an empty file had no picture. */
  async remux(flv: string): Promise<string> {
    if (!this.ffmpeg) throw new CaptureFailed("captureOff");
    const size = await stat(flv).then((s) => s.size, () => 0);
    if (!size) throw new CaptureFailed("connectionFailed");
    const mp4 = join(tmpdir(), `iot-recording-${randomBytes(8).toString("hex")}.mp4`);
    await ffmpegOn(this.ffmpeg, ["-y", "-f", "flv", "-i", flv, "-c", "copy", "-movflags", "+faststart", mp4], null, 60_000).catch(async (err) => {
      await rm(mp4, { force: true });
      throw err;
    });
    return mp4;
  }

  /** Stops every writing (the files stay: their recordings' rows say what becomes of them). */
  async close() {
    await Promise.all([...this.writing].map((w) => w.stop()));
  }
}
