/** Stored files are relative paths; the console serves them through the file service. */
export function fileUrl(path: string): string {
  if (!path) return "";
  if (/^(https?:|data:|blob:|\/)/.test(path)) return path;
  return `/api/file/${path.replace(/^\/+/, "")}`;
}

/** The file name of a stored path. */
export const baseName = (path: string) => path.split(/[\\/]/).pop() || path;
