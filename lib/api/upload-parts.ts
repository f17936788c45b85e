"use client";

import { Code, isEnvelope, type Envelope } from "@/lib/contract/envelope";
import { PART_BYTES, uploadApi, type PartsResult, type PartsState, type UploadPurpose } from "@/lib/contract/upload";
import { call } from "./call";
import { ApiError, apiUrl, fail, text } from "./fetcher";

/**
 * Uploads in parts, apart from the fetcher: only the uploaders load it (with the declarations'
 * schemas), the shell's first load does not.
 */

const PART_RETRIES = 5;
const resumeKey = (file: File, purpose: string) => `upload-parts:${purpose}:${file.name}:${file.size}:${file.lastModified}`;

/** One part by XHR (fetch has no upload progress); answers the envelope, or null when the connection dropped. */
function sendPart(uploadId: string, offset: number, blob: Blob, onBytes: (n: number) => void): Promise<Envelope<PartsState> | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", apiUrl(uploadApi.part.path, { uploadId, offset }));
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.upload.onprogress = (e) => onBytes(e.loaded);
    xhr.onerror = () => resolve(null);
    xhr.onabort = () => resolve(null);
    xhr.onload = () => {
      try {
        const env: unknown = JSON.parse(xhr.responseText);
        resolve(isEnvelope(env) ? (env as Envelope<PartsState>) : null);
      } catch {
        resolve(null);
      }
    };
    xhr.send(blob);
  });
}

/**
 * A large file in parts (`file/upload/init` → `part` … → `done`): each part streams to the cloud's
 * disk; a dropped connection asks where the cloud's bytes end and goes on from there (a few times,
 * waiting longer each time), and the same file picked again after a reload resumes its upload.
 * Progress is capped at 90 until the cloud has stored the file, like `upload`.
 */
export async function uploadInParts(file: File, purpose: UploadPurpose, onProgress?: (percent: number) => void, opts: { silent?: boolean } = {}): Promise<PartsResult> {
  const key = resumeKey(file, purpose);
  const report = (bytes: number) => onProgress?.(Math.min(90, Math.round((bytes / file.size) * 100)));
  let state: PartsState | null = null;
  const saved = localStorage.getItem(key);
  if (saved) state = await call(uploadApi.status, { uploadId: saved }, { silent: true }).catch(() => null);
  state ??= await call(uploadApi.init, { purpose, fileName: file.name, size: file.size }, { silent: opts.silent });
  localStorage.setItem(key, state.uploadId);
  let failures = 0;
  while (state.received < state.size) {
    const from = state.received;
    const env = await sendPart(state.uploadId, from, file.slice(from, Math.min(file.size, from + PART_BYTES)), (n) => report(from + n));
    if (env?.code === Code.OK || env?.code === Code.CONFLICT) {
      // A conflict carries where the cloud's bytes end: go on from there.
      state = env.data ?? state;
      failures = 0;
      report(state.received);
      continue;
    }
    if (env) return fail(new ApiError(env.code, env.msg || text("uploadFailed"), env.data), opts.silent);
    if (++failures > PART_RETRIES) return fail(new ApiError(Code.NETWORK, text("networkError")), opts.silent);
    await new Promise((r) => setTimeout(r, 500 * 2 ** failures));
    state = await call(uploadApi.status, { uploadId: state.uploadId }, { silent: true }).catch(() => state!);
  }
  const done = await call(uploadApi.done, { uploadId: state.uploadId }, { silent: opts.silent });
  localStorage.removeItem(key);
  onProgress?.(100);
  return done;
}
