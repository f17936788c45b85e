"use client";

import { toast } from "@/lib/toast";
import { Code, isEnvelope, type Envelope } from "@/lib/contract/envelope";
import { normalizeLocale } from "@/lib/contract/locale";
import { clearSessionState, STORAGE } from "@/lib/client-state";
import zh from "@/messages/zh-cn/common.json";
import en from "@/messages/en/common.json";

/** A call that did not answer code 200; `msg` is already localised by the cloud. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

type Params = Record<string, string | number | boolean | null | undefined | (string | number)[]>;
export type RequestOptions = {
  params?: Params;
  body?: unknown;
  signal?: AbortSignal;
  /** Leave error display to the caller (forms that show the message inline). */
  silent?: boolean;
};

export function text(key: keyof typeof zh.api) {
  const locale = normalizeLocale(typeof document === "undefined" ? undefined : document.documentElement.lang);
  return (locale === "en" ? en : zh).api[key];
}

export function apiUrl(path: string, params?: Params) {
  const url = `/api/${path.replace(/^\/+/, "")}`;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null || v === "") continue;
    qs.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

let redirecting = false;
/** 401: forget the session's tabs and project, back to login for the same tenant (core §8). */
function onUnauthorized() {
  if (redirecting) return;
  redirecting = true;
  const existed = sessionStorage.getItem(STORAGE.signedIn) === "1";
  if (existed) toast.error(text("loginTimeout"));
  clearSessionState();
  const tId = localStorage.getItem(STORAGE.tenantId) ?? "1";
  const here = window.location.pathname + window.location.search;
  window.location.assign(`/login?tId=${encodeURIComponent(tId)}&redirect=${encodeURIComponent(here)}`);
}

/** Reports a failed call (a 401 goes to login, anything else is a toast unless `silent`) and throws it. */
export function fail(err: ApiError, silent?: boolean): never {
  if (err.code === Code.UNAUTHORIZED) onUnauthorized();
  else if (!silent) toast.error(err.message);
  throw err;
}

async function send(method: "GET" | "POST", path: string, opts: RequestOptions = {}): Promise<Response> {
  try {
    return await fetch(apiUrl(path, opts.params), {
      method,
      headers: opts.body === undefined ? undefined : { "content-type": "application/json" },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: "same-origin",
    });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    return fail(new ApiError(Code.NETWORK, text("networkError")), opts.silent);
  }
}

async function envelopeOf(res: Response): Promise<Envelope | null> {
  try {
    const body: unknown = await res.json();
    return isEnvelope(body) ? body : null;
  } catch {
    return null;
  }
}

/** Code 200 → data; anything else → a toast with `msg` (or "request failed") and an ApiError. */
export async function request<T>(method: "GET" | "POST", path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(method, path, opts);
  const env = await envelopeOf(res);
  if (!env) return fail(new ApiError(res.status === 401 ? Code.UNAUTHORIZED : Code.ERROR, text("requestFailed")), opts.silent);
  if (env.code !== Code.OK) return fail(new ApiError(env.code, env.msg || text("requestFailed"), env.data), opts.silent);
  return env.data as T;
}

export const api = {
  get: <T>(path: string, params?: Params, opts?: Omit<RequestOptions, "params">) => request<T>("GET", path, { ...opts, params }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, "body">) => request<T>("POST", path, { ...opts, body: body ?? {} }),
};

type SwrKey = string | readonly [string, Params?];
type SwrFetcher = <T>(key: SwrKey) => Promise<T>;

function swrFetcherWith(opts?: Omit<RequestOptions, "params">): SwrFetcher {
  return <T>(key: SwrKey) => {
    const [path, params] = typeof key === "string" ? [key, undefined] : key;
    return api.get<T>(path, params, opts);
  };
}

/** SWR fetcher: keys are `[path, params]` tuples or a bare path. */
export const swrFetcher = swrFetcherWith();

/**
 * For background polls: a failure shows no toast (the caller keeps its last data and may say so
 * in place), so an unreachable cloud does not toast every minute. A 401 still goes to login.
 */
export const silentSwrFetcher = swrFetcherWith({ silent: true });

function filenameOf(res: Response, fallback: string) {
  const cd = res.headers.get("content-disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(cd);
  return plain ? plain[1] : fallback;
}

/** Exports: POST, binary answer. An envelope in place of the file means failure (core §8). */
export async function download(path: string, body: unknown, fallbackName: string) {
  const res = await send("POST", path, { body });
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok || type.includes("application/json")) {
    const env = await envelopeOf(res);
    if (env?.code === Code.UNAUTHORIZED || res.status === 401) return fail(new ApiError(Code.UNAUTHORIZED, text("loginTimeout")));
    toast.error(env?.code === Code.OK ? text("exportFailed") : env?.msg || text("exportFailed"));
    throw new ApiError(env?.code ?? Code.ERROR, text("exportFailed"));
  }
  const blob = await res.blob();
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = filenameOf(res, fallbackName);
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  toast.success(text("exportSucceeded"));
}

/**
 * Multipart upload (field `file`) with progress; XHR because fetch has no upload progress.
 * Progress is capped at 90 until the server answers (widgets §6). With `silent` the caller shows
 * the failure itself (a 401 still goes to login).
 */
export function upload<T>(path: string, file: File, onProgress?: (percent: number) => void, opts: { params?: Params; extra?: Record<string, string>; silent?: boolean } = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const refuse = (err: ApiError) => {
      try {
        fail(err, opts.silent);
      } catch (e) {
        reject(e);
      }
    };
    const xhr = new XMLHttpRequest();
    xhr.open("POST", apiUrl(path, opts.params));
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(Math.min(90, Math.round((e.loaded / e.total) * 100)));
    xhr.onerror = () => refuse(new ApiError(Code.NETWORK, text("networkError")));
    xhr.onload = () => {
      let env: unknown = null;
      try {
        env = JSON.parse(xhr.responseText);
      } catch {
        /* not an envelope: reported below */
      }
      if (!isEnvelope(env)) return refuse(new ApiError(xhr.status === 401 ? Code.UNAUTHORIZED : Code.ERROR, text("uploadFailed")));
      if (env.code !== Code.OK) return refuse(new ApiError(env.code, env.msg || text("uploadFailed"), env.data));
      onProgress?.(100);
      resolve(env.data as T);
    };
    const form = new FormData();
    for (const [k, v] of Object.entries(opts.extra ?? {})) form.append(k, v);
    form.append("file", file);
    xhr.send(form);
  });
}
