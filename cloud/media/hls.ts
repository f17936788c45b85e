import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CameraView } from "./cameras";
import { HLS_FILE, HLS_PLAYLIST as PLAYLIST } from "@/lib/contract/video/video";
import { CaptureFailed } from "./capture";

/** A segmenter runs while its playlist or segments are asked for, and this long after the last ask. */
const LINGER_MS = 15_000;
/** How long the first ask waits for the first playlist (ffmpeg's start and the first whole segment). */
const FIRST_PLAYLIST_MS = 10_000;
/** One segment per keyframe (the cameras send one a second); the playlist keeps the newest six. */
const SEGMENT_S = 1;
const LIST_SIZE = 6;

type Segmenter = { dir: string; proc: ChildProcess; cancel: () => void; lastAsk: number; idle: NodeJS.Timeout; ended: boolean };

/**
 * HLS of the simulated cameras (issue 34), for browsers or networks where HTTP-FLV fails: one
 * ffmpeg per watched camera copies the camera's FLV stream (no re-encoding) into one-second
 * MPEG-TS segments in a temporary folder, and stops when nobody asked for a while. The playlist
 * names its segments as the console's own call (`hls?id=…&file=segN.ts`, relative), so the
 * browser never sees where they lie. Needs ffmpeg: without it HLS is off and says so.
 */
export class HlsSegmenters {
  private readonly running = new Map<string, Segmenter>();

  constructor(
    private readonly ffmpeg: string | null,
    private readonly flv: (key: string, view: CameraView) => ReadableStream<Uint8Array>,
  ) {}

  get available() {
    return this.ffmpeg !== null;
  }

  /**
   * The playlist (rewritten to name segments as `segmentUrl(name)`) or a segment; null for a
   * segment that is no longer (or not yet) there.
   */
  async file(key: string, view: CameraView, file: string, segmentUrl: (name: string) => string): Promise<{ body: Buffer; type: string } | null> {
    if (!HLS_FILE.test(file)) return null;
    const s = this.start(key, view);
    s.lastAsk = Date.now();
    if (file === PLAYLIST) {
      const list = await this.firstPlaylist(s);
      const named = list.replace(/^(seg\d+\.ts)$/gm, (name) => segmentUrl(name));
      return { body: Buffer.from(named), type: "application/vnd.apple.mpegurl" };
    }
    const bytes = await readFile(join(s.dir, file)).catch(() => null);
    return bytes && { body: bytes, type: "video/mp2t" };
  }

  private start(key: string, view: CameraView): Segmenter {
    const found = this.running.get(key);
    if (found && !found.ended) return found;
    if (!this.ffmpeg) throw new CaptureFailed("hlsOff");
    const dir = mkdtempSync(join(tmpdir(), "iot-hls-"));
    const proc = spawn(
      this.ffmpeg,
      ["-hide_banner", "-loglevel", "error", "-f", "flv", "-i", "pipe:0", "-c", "copy", "-f", "hls", "-hls_time", String(SEGMENT_S), "-hls_list_size", String(LIST_SIZE), "-hls_flags", "delete_segments+omit_endlist+independent_segments+temp_file", "-hls_segment_filename", join(dir, "seg%d.ts"), join(dir, PLAYLIST)],
      { stdio: ["pipe", "ignore", "ignore"] },
    );
    const reader = this.flv(key, view).getReader();
    let cancelled = false;
    proc.stdin!.on("error", () => {});
    void (async () => {
      while (!cancelled) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done || proc.exitCode !== null || proc.stdin!.destroyed) break;
        if (!proc.stdin!.write(value)) await new Promise<void>((r) => proc.stdin!.once("drain", () => r()));
      }
      proc.stdin!.end();
    })();
    const s: Segmenter = {
      dir,
      proc,
      lastAsk: Date.now(),
      ended: false,
      cancel: () => {
        cancelled = true;
        void reader.cancel().catch(() => {});
      },
      idle: setInterval(() => {
        if (Date.now() - s.lastAsk > LINGER_MS) this.stop(key, s);
      }, LINGER_MS / 3),
    };
    s.idle.unref();
    // A segmenter that died (its stream cut) is started afresh at the next ask.
    proc.on("close", () => this.stop(key, s));
    this.running.set(key, s);
    return s;
  }

  /** The playlist once it names a segment; a segmenter without one in time means no picture came. */
  private async firstPlaylist(s: Segmenter): Promise<string> {
    const until = Date.now() + FIRST_PLAYLIST_MS;
    for (;;) {
      const list = await readFile(join(s.dir, PLAYLIST), "utf8").catch(() => "");
      if (/^seg\d+\.ts$/m.test(list)) return list;
      if (s.ended || Date.now() > until) throw new CaptureFailed("connectionFailed");
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  private stop(key: string, s: Segmenter) {
    if (s.ended) return;
    s.ended = true;
    clearInterval(s.idle);
    s.cancel();
    s.proc.kill("SIGTERM");
    if (this.running.get(key) === s) this.running.delete(key);
    // ffmpeg may still be writing a segment as it goes: its folder is removed once it has exited.
    const remove = () => void rm(s.dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
    if (s.proc.exitCode !== null || s.proc.signalCode !== null) remove();
    else s.proc.once("close", remove);
  }

  close() {
    for (const [key, s] of this.running) this.stop(key, s);
  }
}
