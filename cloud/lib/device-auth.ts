import { Code } from "@/lib/contract/envelope";
import type { Ctx } from "./context";
import { AppError } from "./http";

/** `Authorization: Basic base64(SN:secret)` (curl -u SN:secret). */
export function basicCredentials(header: string | undefined): { sn: string; secret: string } | null {
  const m = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
  if (!m) return null;
  const text = Buffer.from(m[1], "base64").toString("utf8");
  const at = text.indexOf(":");
  return at > 0 ? { sn: text.slice(0, at), secret: text.slice(at + 1) } : null;
}

/** The device a request authenticates as by its own credentials (HTTP Basic SN:secret); refused without. */
export async function requestingDevice(c: Ctx) {
  const cred = basicCredentials(c.req.header("authorization"));
  const device = cred && c.var.deps.ingest ? await c.var.deps.ingest.authenticate(cred.sn, cred.secret) : null;
  if (!device) throw new AppError(Code.UNAUTHORIZED, "ingest.auth");
  return device;
}
