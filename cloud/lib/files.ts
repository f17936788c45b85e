import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { copyFile, mkdir, open, rename, rm, stat, truncate, writeFile } from "node:fs/promises";
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import { join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { Code } from "@/lib/contract/envelope";
import { extList, extOf, PUBLIC_PREFIX } from "@/lib/contract/upload";
import { AppError } from "./http";

/**
 * Stored files (widgets §5, §7): the types the cloud keeps, the signatures their bytes must carry,
 * a streaming receiver for multipart uploads and the safe lookup of a stored path.
 */
type FileType = { mime: string; image?: boolean; magic?: (head: Buffer) => boolean };

const bytes =
  (...b: number[]) =>
  (h: Buffer) =>
    h.length >= b.length && b.every((x, i) => h[i] === x);
const ascii =
  (s: string, at = 0) =>
  (h: Buffer) =>
    h.subarray(at, at + s.length).toString("latin1") === s;
const zip = (h: Buffer) => h[0] === 0x50 && h[1] === 0x4b && [3, 5, 7].includes(h[2]) && h[3] === h[2] + 1;
const ole = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const plainText = (h: Buffer) => !h.includes(0);
const jpeg: FileType = { mime: "image/jpeg", image: true, magic: bytes(0xff, 0xd8, 0xff) };
const gzip: FileType = { mime: "application/gzip", magic: bytes(0x1f, 0x8b) };
/** Firmware images carry no signature of their own; they are only ever served as downloads. */
const opaque: FileType = { mime: "application/octet-stream" };

export const FILE_TYPES: Record<string, FileType> = {
  jpg: jpeg,
  jpeg,
  png: { mime: "image/png", image: true, magic: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  gif: { mime: "image/gif", image: true, magic: (h) => ascii("GIF87a")(h) || ascii("GIF89a")(h) },
  bmp: { mime: "image/bmp", image: true, magic: ascii("BM") },
  webp: { mime: "image/webp", image: true, magic: (h) => ascii("RIFF")(h) && ascii("WEBP", 8)(h) },
  pdf: { mime: "application/pdf", magic: ascii("%PDF-") },
  doc: { mime: "application/msword", magic: ole },
  xls: { mime: "application/vnd.ms-excel", magic: ole },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", magic: zip },
  xlsx: { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", magic: zip },
  mp4: { mime: "video/mp4", magic: ascii("ftyp", 4) },
  mov: { mime: "video/quicktime", magic: (h) => ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].some((s) => ascii(s, 4)(h)) },
  avi: { mime: "video/x-msvideo", magic: (h) => ascii("RIFF")(h) && ascii("AVI ", 8)(h) },
  txt: { mime: "text/plain; charset=utf-8", magic: plainText },
  csv: { mime: "text/csv; charset=utf-8", magic: plainText },
  zip: { mime: "application/zip", magic: zip },
  apk: { mime: "application/vnd.android.package-archive", magic: zip },
  gz: gzip,
  gzip,
  tar: { mime: "application/x-tar", magic: ascii("ustar", 257) },
  xz: { mime: "application/x-xz", magic: bytes(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00) },
  bin: opaque,
  dav: opaque,
  pack: opaque,
  // Audio: talk-back clips as browsers record them (webm / ogg Opus, MP4 audio) and the usual files.
  webm: { mime: "audio/webm", magic: bytes(0x1a, 0x45, 0xdf, 0xa3) },
  ogg: { mime: "audio/ogg", magic: ascii("OggS") },
  m4a: { mime: "audio/mp4", magic: ascii("ftyp", 4) },
  wav: { mime: "audio/wav", magic: (h) => ascii("RIFF")(h) && ascii("WAVE", 8)(h) },
  mp3: { mime: "audio/mpeg", magic: (h) => ascii("ID3")(h) || (h[0] === 0xff && (h[1] & 0xe0) === 0xe0) },
  // 3D scene models (core §4 scene type 1), served as downloads.
  glb: { mime: "model/gltf-binary", magic: ascii("glTF") },
  gltf: { mime: "model/gltf+json", magic: plainText },
};

/** Bytes of a file's start its signature is judged on (tar's sits at 257). */
const HEAD = 512;
/** Room for the multipart boundaries and part headers around the file itself. */
export const MULTIPART_SLACK = 64 * 1024;
const MAX_PART_HEADERS = 16 * 1024;

/** Whether `head` (the first bytes) is what a file with this extension starts with. */
function signatureMatches(ext: string, head: Buffer): boolean {
  const type = FILE_TYPES[ext];
  return !!type && (!type.magic || type.magic(head));
}

const tooLarge = (maxBytes: number) => new AppError(Code.PAYLOAD_TOO_LARGE, "widgets.upload.tooLarge", { n: Math.round((maxBytes / 1024 / 1024) * 100) / 100 });
const bad = (key: string, values?: Record<string, string | number>) => new AppError(Code.BAD_REQUEST, key, values);

export type Received = { path: string; name: string; size: number };
export type ReceiveOptions = {
  root: string;
  tenantId: number;
  now: Date;
  maxBytes: number;
  accept?: readonly string[];
  /** Branding images the anonymous login screen shows: stored under `p/`, served without a session. */
  publicFile?: boolean;
};

function dayFolder(now: Date) {
  return now.toISOString().slice(0, 10).replaceAll("-", "");
}

function filenameOf(headers: string): { name: string | null; filename: string | null } {
  const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? null;
  const star = /\bfilename\*=UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  let filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
  if (star) {
    try {
      filename = decodeURIComponent(star);
    } catch {
      /* keep the plain form */
    }
  }
  return { name, filename };
}

/**
 * Streams the multipart field `file` to `<root>/<tenant>/<yyyymmdd>/<random>.<ext>` without
 * holding the body in memory: a declared Content-Length over the limit is refused before a byte
 * is read, and a body that grows past it is cut off and the partial file deleted. The extension
 * must be a known type (and in `accept` when given); the first bytes must carry its signature.
 */
export async function receiveUpload(req: Request, o: ReceiveOptions): Promise<Received> {
  const type = req.headers.get("content-type") ?? "";
  const boundary = /^multipart\/form-data;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (!boundary || !req.body) throw bad("widgets.files.notMultipart");
  const bodyLimit = o.maxBytes + MULTIPART_SLACK;
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > bodyLimit) {
    await req.body.cancel().catch(() => undefined);
    throw tooLarge(o.maxBytes);
  }

  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  const reader = req.body.getReader();
  // The first delimiter has no leading CRLF; adding one lets every delimiter look the same.
  let buf = Buffer.from("\r\n");
  let total = 0;
  let state: "preamble" | "headers" | "body" | "done" = "preamble";
  let part: { keep: boolean; ext: string; name: string } | null = null;
  let out: { ws: WriteStream; abs: string; rel: string; size: number; head: Buffer } | null = null;
  let result: Received | null = null;

  const write = async (chunk: Buffer) => {
    if (!out || !chunk.length) return;
    out.size += chunk.length;
    if (out.size > o.maxBytes) throw tooLarge(o.maxBytes);
    if (out.head.length < HEAD) out.head = Buffer.concat([out.head, chunk.subarray(0, HEAD - out.head.length)]);
    if (!out.ws.write(chunk)) await once(out.ws, "drain");
  };

  try {
    for (;;) {
      // Consume what the buffer holds; read more only when no step can proceed.
      let progressed = true;
      while (progressed && state !== "done") {
        progressed = false;
        if (state === "preamble") {
          const at = buf.indexOf(delimiter);
          if (at >= 0 && buf.length >= at + delimiter.length + 2) {
            const after = buf.subarray(at + delimiter.length, at + delimiter.length + 2).toString("latin1");
            buf = buf.subarray(at + delimiter.length + 2);
            state = after === "--" ? "done" : "headers";
            progressed = true;
          } else if (at < 0) buf = buf.subarray(Math.max(0, buf.length - delimiter.length));
        } else if (state === "headers") {
          const end = buf.indexOf("\r\n\r\n");
          if (end < 0) {
            if (buf.length > MAX_PART_HEADERS) throw bad("widgets.files.notMultipart");
            continue;
          }
          const { name, filename } = filenameOf(buf.subarray(0, end).toString("utf8"));
          buf = buf.subarray(end + 4);
          const keep: boolean = name === "file" && filename !== null && !out && !result;
          part = { keep, ext: keep ? extOf(filename!) : "", name: filename ?? "" };
          if (keep) {
            if (!FILE_TYPES[part.ext]) throw bad("widgets.files.typeNotAllowed", { ext: part.ext || "?" });
            if (o.accept && !o.accept.includes(part.ext)) throw bad("widgets.upload.typeHint", { exts: extList(o.accept) });
            const dir = join(...(o.publicFile ? [PUBLIC_PREFIX] : []), String(o.tenantId), dayFolder(o.now));
            await mkdir(join(o.root, dir), { recursive: true });
            const rel: string = `${dir.split(sep).join("/")}/${randomBytes(16).toString("hex")}.${part.ext}`;
            const abs = join(o.root, rel);
            out = { ws: createWriteStream(abs, { flags: "wx" }), abs, rel, size: 0, head: Buffer.alloc(0) };
          }
          state = "body";
          progressed = true;
        } else if (state === "body") {
          const at = buf.indexOf(delimiter);
          const upto = at >= 0 ? at : Math.max(0, buf.length - delimiter.length + 1);
          if (part?.keep) await write(buf.subarray(0, upto));
          buf = buf.subarray(upto);
          if (at >= 0) {
            if (part?.keep && out) {
              out.ws.end();
              await once(out.ws, "finish");
              if (!signatureMatches(part.ext, out.head)) throw bad("widgets.files.badContent", { ext: part.ext });
              result = { path: out.rel, name: part.name, size: out.size };
              out = null;
            }
            part = null;
            state = "preamble";
            progressed = true;
          }
        }
      }
      if (state === "done") break;
      const { value, done } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > bodyLimit) throw tooLarge(o.maxBytes);
      buf = buf.length ? Buffer.concat([buf, Buffer.from(value)]) : Buffer.from(value);
    }
    if (out) throw bad("widgets.files.notMultipart");
    if (!result) throw bad("widgets.files.noFile");
    return result;
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    const partial = out as { ws: WriteStream; abs: string } | null;
    if (partial) {
      // A write still in flight fails once the stream is destroyed; unheard, that failure would crash the process.
      partial.ws.on("error", () => undefined);
      partial.ws.destroy();
      await rm(partial.abs, { force: true });
    }
    if (result) await rm(join(o.root, result.path), { force: true });
    throw e;
  }
}

/** `[p/]<tenant>/<yyyymmdd>/<32 hex>.<ext>`: the only shape a stored path has, so nothing else resolves. */
const STORED = /^(p\/)?(\d{1,10})\/(\d{8})\/([a-f0-9]{32})\.([a-z0-9]{1,8})$/;

export function parseStoredPath(root: string, rel: string): { abs: string; tenantId: number; ext: string; isPublic: boolean } | null {
  const m = STORED.exec(rel);
  if (!m) return null;
  const base = resolve(root);
  const abs = resolve(base, rel);
  if (!abs.startsWith(base + sep)) return null;
  return { abs, tenantId: Number(m[2]), ext: m[5], isPublic: !!m[1] };
}

/** Types a preview may show in the page (the browser's own viewer for pdf); the rest download. */
const PREVIEW_INLINE = new Set(["pdf", "txt", "csv", "jpg", "jpeg", "png", "bmp", "gif", "webp"]);

/**
 * A stored file as a streamed response: its own type, never sniffed; non-images download.
 * `inline` (previews) shows the preview types in the page; `name` is the download's file name.
 */
export async function fileResponse(file: { abs: string; ext: string }, opts: { inline?: boolean; name?: string } = {}): Promise<Response | null> {
  const info = await stat(file.abs).catch(() => null);
  if (!info?.isFile()) return null;
  const type = FILE_TYPES[file.ext] ?? opaque;
  const inline = type.image || (opts.inline && PREVIEW_INLINE.has(file.ext));
  const name = opts.name ?? file.abs.split(sep).pop()!;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(Readable.toWeb(createReadStream(file.abs)) as ReadableStream, {
    headers: {
      "content-type": type.mime,
      "content-length": String(info.size),
      "x-content-type-options": "nosniff",
      // A named inline answer keeps its name too: /previewFile reads the file's type from it.
      "content-disposition": inline && !opts.name ? "inline" : `${inline ? "inline" : "attachment"}; filename="${ascii}"${opts.name ? `; filename*=UTF-8''${encodeURIComponent(name)}` : ""}`,
      // Stored names are random and never rewritten.
      "cache-control": "private, max-age=31536000, immutable",
      // Chromium's pdf viewer does not run in a sandboxed document; a pdf runs no page script there anyway.
      "content-security-policy": `default-src 'none'; img-src 'self'; media-src 'self'${inline && file.ext === "pdf" ? "" : "; sandbox"}`,
    },
  });
}

/** Where the parts of an upload in parts gather until it is done. */
export const partialPath = (root: string, uploadId: string) => join(root, "tmp", `${uploadId}.part`);

/**
 * Appends one part of an upload in parts to its partial file, streaming: at most `room` bytes are
 * taken (more is refused and the part's bytes dropped, so a retry starts from the same offset).
 * Answers the bytes written.
 */
export async function appendPart(abs: string, body: ReadableStream<Uint8Array> | null, room: number, maxBytes: number): Promise<number> {
  if (!body) return 0;
  await mkdir(join(abs, ".."), { recursive: true });
  const before = (await stat(abs).catch(() => null))?.size ?? 0;
  const ws = createWriteStream(abs, { flags: "a" });
  const reader = body.getReader();
  let written = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      written += value.length;
      if (written > room) throw tooLarge(maxBytes);
      if (!ws.write(value)) await once(ws, "drain");
    }
    ws.end();
    await once(ws, "finish");
    return written;
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    ws.on("error", () => undefined);
    ws.destroy();
    // A part that did not arrive whole is dropped: the upload resumes from the last whole part.
    await truncate(abs, before).catch(() => undefined);
    throw e;
  }
}

/** Moves a finished upload's bytes to their stored place, once its signature matches the extension. */
export async function storePartial(abs: string, o: { root: string; tenantId: number; now: Date; ext: string }): Promise<string> {
  const fh = await open(abs, "r");
  const head = Buffer.alloc(HEAD);
  const { bytesRead } = await fh.read(head, 0, HEAD, 0);
  await fh.close();
  if (!signatureMatches(o.ext, head.subarray(0, bytesRead))) {
    await rm(abs, { force: true });
    throw bad("widgets.files.badContent", { ext: o.ext });
  }
  const dir = join(String(o.tenantId), dayFolder(o.now));
  await mkdir(join(o.root, dir), { recursive: true });
  const rel = `${dir.split(sep).join("/")}/${randomBytes(16).toString("hex")}.${o.ext}`;
  await rename(abs, join(o.root, rel));
  return rel;
}

/**
 * Stores bytes the cloud made itself (a camera's snapshot, a recording's file moved from the
 * temporary folder) where uploads go; answers the stored path and size.
 */
export async function storeMade(o: { root: string; tenantId: number; now: Date; ext: string; bytes?: Buffer; file?: string }): Promise<{ path: string; size: number }> {
  const dir = join(String(o.tenantId), dayFolder(o.now));
  await mkdir(join(o.root, dir), { recursive: true });
  const rel = `${dir.split(sep).join("/")}/${randomBytes(16).toString("hex")}.${o.ext}`;
  const abs = join(o.root, rel);
  if (o.bytes) await writeFile(abs, o.bytes);
  else await copyFile(o.file!, abs).then(() => rm(o.file!, { force: true }));
  return { path: rel, size: o.bytes ? o.bytes.length : (await stat(abs)).size };
}
