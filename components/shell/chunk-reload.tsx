"use client";

import { useEffect } from "react";
import { STORAGE } from "@/lib/client-state";

/** A page module that failed to load: a new deployment replaced the chunks the page knew. */
export function isChunkLoadError(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | null;
  return !!e && (e.name === "ChunkLoadError" || /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(e.message ?? ""));
}

/**
 * Reloads the page once when a module fails to load (core §2). The path is remembered in session
 * storage so a chunk that stays broken shows the error page instead of reloading forever.
 * Returns whether a reload was started.
 */
export function reloadOnceForChunk(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  const here = window.location.pathname + window.location.search;
  if (sessionStorage.getItem(STORAGE.chunkReload) === here) return false;
  sessionStorage.setItem(STORAGE.chunkReload, here);
  window.location.reload();
  return true;
}

/** Catches chunk failures outside React's error boundaries (navigation prefetches, lazy imports). */
export function ChunkReload() {
  useEffect(() => {
    // A page that loaded is proof the chunks are fine again: a later failure may reload once more.
    const settle = setTimeout(() => sessionStorage.removeItem(STORAGE.chunkReload), 10_000);
    const onError = (e: ErrorEvent) => reloadOnceForChunk(e.error ?? { message: e.message });
    const onRejection = (e: PromiseRejectionEvent) => reloadOnceForChunk(e.reason);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      clearTimeout(settle);
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
  return null;
}
