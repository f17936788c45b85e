/** Every upstream answer, success or not (core §7). */
export type Envelope<T = unknown> = { code: number; msg: string; data: T; success: boolean };
export type Page<T> = { records: T[]; total: number };

/** Envelope codes. 200 is success; the rest are the platform's own. */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  CAPTCHA_REQUIRED: 428,
  TOO_FREQUENT: 429,
  PASSWORD_CHANGE_REQUIRED: 432,
  ERROR: 500,
  NETWORK: 502,
} as const;

export function isEnvelope(v: unknown): v is Envelope {
  return typeof v === "object" && v !== null && "code" in v && typeof (v as Envelope).code === "number";
}
