import { spawn } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";
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
  constructor(readonly reason: "captureOff" | "connectionFailed" | "alreadyRecording" | "notRecording" | "processingFailed") {
    super(reason);
  }
}

type Recording = { file: string; out: WriteStream; since: Date; by: number; cancel: () => void; limit: NodeJS.Timeout };
/** A finished recording: its MP4 file in the temporary folder (the caller stores it), and when it ran. */
export type Finished = { file: string; since: Date; until: Date; by: number };

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
 * FLV to a temporary file and is remuxed to MP4 (no re-encoding) when it ends. Both need ffmpeg:
 * without it they are off and say so. One recording per camera at a time, on this instance.
 */
export class CameraCapture {
  private readonly recordings = new Map<string, Recording>();

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

  /** Whether the camera records, since when. */
  state(key: string) {
    const r = this.recordings.get(key);
    return r ? { recording: true, since: r.since } : { recording: false, since: null };
  }

  /** Starts recording; `onLimit` gets the recording if it runs into `RECORDING_MAX_MS` and ends by itself. */
  begin(key: string, view: CameraView, by: number, now: Date, onLimit: (r: Finished) => void) {
    if (!this.ffmpeg) throw new CaptureFailed("captureOff");
    if (this.recordings.has(key)) throw new CaptureFailed("alreadyRecording");
    const file = join(tmpdir(), `iot-recording-${randomBytes(8).toString("hex")}.flv`);
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
    const limit = setTimeout(() => {
      void this.end(key, new Date(now.getTime() + RECORDING_MAX_MS))
        .then(onLimit)
        .catch(() => {});
    }, RECORDING_MAX_MS);
    limit.unref();
    const cancel = () => {
      stopped = true;
      void reader.cancel().catch(() => {});
    };
    this.recordings.set(key, { file, out, since: now, by, cancel, limit });
  }

  /** Ends the recording: its MP4 in the temporary folder (the caller stores and removes it). */
  async end(key: string, now: Date): Promise<Finished> {
    const r = this.recordings.get(key);
    if (!r || !this.ffmpeg) throw new CaptureFailed("notRecording");
    this.recordings.delete(key);
    clearTimeout(r.limit);
    r.cancel();
    await new Promise<void>((resolve) => r.out.end(resolve));
    const mp4 = r.file.replace(/\.flv$/, ".mp4");
    try {
      if (!(await stat(r.file)).size) throw new CaptureFailed("connectionFailed");
      await ffmpegOn(this.ffmpeg, ["-y", "-f", "flv", "-i", r.file, "-c", "copy", "-movflags", "+faststart", mp4], null, 60_000);
    } finally {
      await rm(r.file, { force: true });
    }
    return { file: mp4, since: r.since, until: now, by: r.by };
  }

  close() {
    for (const [key, r] of this.recordings) {
      this.recordings.delete(key);
      clearTimeout(r.limit);
      r.cancel();
      r.out.destroy();
      void rm(r.file, { force: true });
    }
  }
}
