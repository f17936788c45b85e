import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { PART_BYTES, type PartsResult, type PartsState } from "../lib/contract/upload";
import { cookieHeader, signIn, withConsole } from "./console-server";

/**
 * `npm run bench:upload`: a knowledge file of `BENCH_UPLOAD_MB` (1024 MB, the largest allowed)
 * uploaded through the console in parts of the browser's size (8 MB), one after another as the
 * browser sends them, then filed in a new knowledge base. Prints the throughput and the server
 * process's resident memory (console, and the built-in cloud in its worker thread) before, at its
 * peak while uploading (sampled every 20 ms) and the growth. Needs a production build (`npm run build`).
 */
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MB;

/** Resident memory of a process (Linux), in bytes. */
function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

/** The bytes of one part: a pdf's signature at the start of the file, filler after it. */
function partBytes(offset: number, length: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(length).fill(0x20);
  if (offset === 0) b.set(new TextEncoder().encode("%PDF-1.7\n"));
  return b;
}

async function call<T>(base: string, cookie: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}/api/${path}`, { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify(body) });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 200) throw new Error(`${path}: ${env.msg}`);
  return env.data;
}

async function measure(base: string, pid: number | null) {
  if (pid === null) throw new Error("bench:upload measures its own server's memory: run it without BASE_URL");
  const cookie = cookieHeader(await signIn(base));
  // Let start-up settle: the baseline is the server at rest after a first small upload.
  const upload = async (size: number) => {
    const init = await call<PartsState>(base, cookie, "file/upload/init", { purpose: "knowledge", fileName: "bench.pdf", size });
    for (let offset = 0; offset < size; offset += PART_BYTES) {
      const res = await fetch(`${base}/api/file/upload/part?uploadId=${init.uploadId}&offset=${offset}`, {
        method: "POST",
        headers: { cookie, origin: base, "content-type": "application/octet-stream" },
        body: partBytes(offset, Math.min(PART_BYTES, size - offset)),
      });
      const env = (await res.json()) as { code: number; msg: string };
      if (env.code !== 200) throw new Error(`part at ${offset}: ${env.msg}`);
    }
    return call<PartsResult>(base, cookie, "file/upload/done", { uploadId: init.uploadId });
  };
  await upload(2 * PART_BYTES);
  await new Promise((r) => setTimeout(r, 2000));
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
  const start = performance.now();
  let done: PartsResult;
  try {
    done = await upload(SIZE);
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - start) / 1000;
  peak = Math.max(peak, rss(pid));
  const header = await call<{ id: number }>(base, cookie, "file/header/addHeader", { fileName: `bench ${Date.now()}` });
  await call(base, cookie, "file/fileBase/add", { headerId: header.id, fielId: -1, fileName: "bench", fileType: "2", filePath: done.path, fileSize: String(done.size) });
  if (done.size !== SIZE) throw new Error(`stored ${done.size} of ${SIZE} bytes`);
  console.log(`${SIZE / MB} MB in ${Math.ceil(SIZE / PART_BYTES)} parts of ${PART_BYTES / MB} MB through the console, stored and filed in a knowledge base`);
  console.log("| throughput | time | server RSS before | peak while uploading | growth |");
  console.log("|---|---|---|---|---|");
  console.log(`| ${(SIZE / MB / seconds).toFixed(1)} MB/s | ${seconds.toFixed(1)} s | ${(before / MB).toFixed(1)} MB | ${(peak / MB).toFixed(1)} MB | ${((peak - before) / MB).toFixed(1)} MB (goal < 64) |`);
}

// No demo devices: their back-fill and publishing would weigh on the memory measured.
withConsole("upload", PORT, measure, { env: { SIMULATOR: "off" } }).catch((err) => {
  console.error(err);
  process.exit(1);
});
