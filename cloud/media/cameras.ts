import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wallClock } from "@/lib/time-zone";
import { FRAME_H, FRAME_W } from "@/lib/video/strip";
import { CameraCapture } from "./capture";
import { HlsSegmenters } from "./hls";
import { FlvHub, FlvReader, retimed, type FlvTag } from "./flv";
import { FRAME_RATE, renderFrame } from "./frames";

/**
 * What a simulated camera shows: its name on the picture, where it points now, and the time in `zone` — a site's
 * camera keeps the site's clock, so the picture reads as the alarms beside it do (the tenant's zone).
 */
export type CameraView = { label: string; position: () => { pan: number; tilt: number }; zone: string };

/** A camera's stream runs while watched and this long after its last viewer left (a tile reloading keeps it). */
const LINGER_MS = 10_000;
/** A viewer this far behind is cut off (its player reconnects) rather than buffered without end. */
const MAX_BEHIND_BYTES = 4 * 1024 * 1024;
/** The clip shipped for machines without ffmpeg (≤ 1 MB, made by `scripts/camera-clip.ts`). */
export const CLIP_PATH = new URL("./camera-clip.flv", import.meta.url);
const FONT = ["/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"].find((f) => existsSync(f));

/** Debian's ffmpeg (or `FFMPEG_PATH`) when it runs, else null. */
export function findFfmpeg(): string | null {
  const bin = process.env.FFMPEG_PATH || "ffmpeg";
  if (process.env.FFMPEG_PATH === "off") return null;
  const r = spawnSync(bin, ["-hide_banner", "-version"], { stdio: "ignore", timeout: 5_000 });
  return r.status === 0 ? bin : null;
}

/** The encoder's arguments: raw RGB frames in, H.264 in FLV out, tuned for latency (no B-frames, a keyframe a second). */
export function encoderArgs(textFile: string | null, out: string[] = ["-f", "flv", "-flvflags", "no_duration_filesize", "pipe:1"]) {
  const text = textFile && FONT ? ["-vf", `drawtext=fontfile=${FONT}:textfile=${textFile}:reload=1:x=8:y=8:fontsize=16:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=4`] : [];
  return ["-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", `${FRAME_W}x${FRAME_H}`, "-r", String(FRAME_RATE), "-i", "pipe:0", ...text, "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-profile:v", "baseline", "-pix_fmt", "yuv420p", "-g", String(FRAME_RATE), "-bf", "0", "-an", ...out];
}

type Source = { hub: FlvHub; stop: () => void; linger: NodeJS.Timeout | null };

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The line burnt into a camera's picture at `now`: its name, its clock, its pan and tilt. */
export function overlayText(view: CameraView, now: number): string {
  const w = wallClock(now, view.zone);
  const p = view.position();
  return `${view.label}  ${w.y}-${pad2(w.mo)}-${pad2(w.d)} ${pad2(w.h)}:${pad2(w.mi)}:${pad2(w.s)}  P ${p.pan.toFixed(1)}  T ${p.tilt.toFixed(1)}`;
}

let sourceSeq = 0;
/** A live picture: frames drawn here at the frame rate, encoded by ffmpeg, its FLV tags to the hub. */
function liveSource(ffmpeg: string, key: string, view: CameraView): Source {
  const hub = new FlvHub();
  // A file per encoder: a camera watched again while its last encoder still exits gets a file the old one's end does not remove.
  const textFile = join(tmpdir(), `iot-camera-${process.pid}-${key}-${++sourceSeq}.txt`);
  const writeText = () => {
    // Written beside and renamed: the encoder never reads half a file.
    writeFileSync(`${textFile}.tmp`, overlayText(view, Date.now()));
    renameSync(`${textFile}.tmp`, textFile);
  };
  writeText();
  const proc: ChildProcess = spawn(ffmpeg, encoderArgs(textFile), { stdio: ["pipe", "pipe", "inherit"] });
  const reader = new FlvReader();
  proc.stdout!.on("data", (chunk: Buffer) => {
    try {
      const tags = reader.push(chunk);
      if (reader.header) hub.setHeader(reader.header);
      for (const t of tags) hub.tag(t);
    } catch {
      proc.kill("SIGKILL");
    }
  });
  proc.stdin!.on("error", () => {});
  const frame = Buffer.alloc(FRAME_W * FRAME_H * 3);
  let lastText = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    // A busy encoder skips frames rather than queueing them (latency over smoothness).
    if (proc.stdin!.writableLength > frame.length * 2) return;
    const p = view.position();
    proc.stdin!.write(Buffer.from(renderFrame(frame, p.pan, p.tilt, now)));
    if (now - lastText >= 200) {
      lastText = now;
      writeText();
    }
  }, 1000 / FRAME_RATE);
  timer.unref();
  return {
    hub,
    linger: null,
    stop() {
      clearInterval(timer);
      // The encoder still draws the frames it holds after SIGTERM, and `reload` reads the text file for each:
      // the file goes once the encoder has exited, or its last frames fail ("Error while filtering: No such file").
      const removeText = () => rmSync(textFile, { force: true });
      if (proc.exitCode !== null || proc.signalCode !== null) removeText();
      else proc.once("exit", removeText);
      proc.stdin!.end();
      proc.kill("SIGTERM");
    },
  };
}

/** The shipped clip's tags, read once. */
let clipTags: FlvTag[] | null = null;
let clipHeader: Buffer | null = null;
function clip() {
  if (!clipTags) {
    const reader = new FlvReader();
    clipTags = reader.push(readFileSync(CLIP_PATH));
    clipHeader = reader.header;
  }
  return { tags: clipTags, header: clipHeader! };
}

/** Without ffmpeg: the shipped clip looped as a live stream, its tags sent at their time, timestamps running on. */
function clipSource(): Source {
  const hub = new FlvHub();
  const { tags, header } = clip();
  hub.setHeader(header);
  const firstVideo = tags.findIndex((t) => t.type === 9 && t.bytes[12] !== 0);
  const head = tags.slice(0, firstVideo);
  const body = tags.slice(firstVideo);
  const span = body[body.length - 1].ts - body[0].ts + 1000 / FRAME_RATE;
  for (const t of head) hub.tag(t);
  let loop = 0;
  let i = 0;
  const started = Date.now();
  const timer = setInterval(() => {
    const elapsed = Date.now() - started;
    while (body[i] && loop * span + (body[i].ts - body[0].ts) <= elapsed) {
      hub.tag(retimed(body[i], Math.round(loop * span + body[i].ts - body[0].ts)));
      i++;
      if (i === body.length) {
        i = 0;
        loop++;
      }
    }
  }, 1000 / FRAME_RATE / 2);
  timer.unref();
  return { hub, linger: null, stop: () => clearInterval(timer) };
}

/**
 * The simulated cameras' streams (issue 34), as a media server would publish them: HTTP-FLV per
 * camera, one encoder per watched camera shared by its viewers, stopped when nobody watches.
 * With Debian's ffmpeg the picture is live (the camera's name, a running clock, the pad's moves
 * and the timestamp strip); without it the shipped clip loops.
 */
export class CameraStreams {
  private readonly sources = new Map<string, Source>();
  /** Snapshots and recordings from these streams (off without ffmpeg). */
  readonly capture: CameraCapture;
  /** HLS of these streams, for players where FLV fails (off without ffmpeg). */
  readonly hls: HlsSegmenters;

  constructor(private readonly ffmpeg: string | null = findFfmpeg()) {
    this.capture = new CameraCapture(this, ffmpeg);
    this.hls = new HlsSegmenters(ffmpeg, (key, view) => this.flv(key, view));
  }

  get live() {
    return this.ffmpeg !== null;
  }

  /** The camera's FLV stream for one viewer, from its current picture on. */
  flv(key: string, view: CameraView): ReadableStream<Uint8Array> {
    let leave: (() => void) | null = null;
    const release = () => {
      leave?.();
      leave = null;
      const s = this.sources.get(key);
      if (s && !s.hub.size && !s.linger)
        s.linger = setTimeout(() => {
          s.linger = null;
          if (s.hub.size) return;
          s.stop();
          this.sources.delete(key);
        }, LINGER_MS);
    };
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        let source = this.sources.get(key);
        if (!source) {
          source = this.ffmpeg ? liveSource(this.ffmpeg, key, view) : clipSource();
          this.sources.set(key, source);
        }
        if (source.linger) clearTimeout(source.linger);
        source.linger = null;
        leave = source.hub.join((chunk) => {
          if ((controller.desiredSize ?? 0) < -MAX_BEHIND_BYTES) {
            release();
            return controller.error(new Error("viewer too slow"));
          }
          controller.enqueue(new Uint8Array(chunk));
        });
      },
      cancel: release,
    }, { highWaterMark: 1024 * 1024, size: (chunk) => chunk.byteLength });
  }

  close() {
    void this.capture.close();
    this.hls.close();
    for (const s of this.sources.values()) {
      if (s.linger) clearTimeout(s.linger);
      s.stop();
    }
    this.sources.clear();
  }
}
