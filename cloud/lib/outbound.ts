import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import iconv from "iconv-lite";
import { Code } from "@/lib/contract/envelope";
import { AppError } from "./http";

/**
 * Calls to user-supplied URLs (data push, linkage web services) made from the server. A tenant must
 * not reach the cloud's own network through them, so every host is resolved first, each address
 * checked, and the request sent to exactly the address that was checked (no second lookup a DNS
 * rebinding could answer differently). Redirects are followed by hand and checked again.
 */

type OutboundEncoding = "UTF-8" | "GBK";
export type OutboundOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  /** The whole call, redirects included. */
  timeoutMs?: number;
  /** Largest response body read; more is refused. */
  maxBytes?: number;
  /** Of the request body and of the answer's text. */
  encoding?: OutboundEncoding;
  /** Addresses allowed although they are in a refused range (a deployment's own receivers). */
  allowAddresses?: string[];
  /** Default: `PUSH_ALLOW_PRIVATE=1`. */
  allowPrivate?: boolean;
  /** The resolver (default: the system's); tests give names their own answers. */
  resolve?: (host: string) => Promise<string[]>;
};
export type OutboundResult = { status: number; body: string; durationMs: number; headers: Record<string, string> };

export type RefusedRange = "loopback" | "linkLocal" | "private" | "cgnat" | "multicast" | "unspecified" | "reserved";
export type OutboundFailure = "refused" | "badUrl" | "timeout" | "tooLarge" | "redirects" | "network";

/** The one error of outbound calls: `kind` tells a refusal from a target that did not answer. */
export class OutboundError extends AppError {
  constructor(
    readonly kind: OutboundFailure,
    values: Record<string, string | number> = {},
  ) {
    super(Code.BAD_REQUEST, `cloud.outbound.${kind}`, values);
  }
  /** No answer at all (push status 3) rather than a refusal or a bad answer. */
  get noResponse() {
    return this.kind === "timeout" || this.kind === "network";
  }
}

const OUTBOUND_DEFAULTS = { timeoutMs: 10_000, maxBytes: 1024 * 1024, maxRedirects: 3 } as const;

type Cidr = { family: number; bytes: number[]; prefix: number; range: RefusedRange };

function v4Bytes(ip: string): number[] {
  return ip.split(".").map(Number);
}

/** The 16 bytes of an IPv6 address (`::` expanded, a trailing dotted IPv4 part included). */
function v6Bytes(ip: string): number[] {
  let s = ip.split("%")[0];
  const lastColon = s.lastIndexOf(":");
  if (s.slice(lastColon + 1).includes(".")) {
    const [a, b, c, d] = v4Bytes(s.slice(lastColon + 1));
    s = `${s.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string) => (part ? part.split(":").map((h) => parseInt(h, 16)) : []);
  const [head, tail] = s.split("::");
  const all = tail === undefined ? groups(head) : [...groups(head), ...Array(8 - groups(head).length - groups(tail).length).fill(0), ...groups(tail)];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/** The refused networks by range, IPv4 and IPv6 together. */
const REFUSED: Record<RefusedRange, string[]> = {
  unspecified: ["0.0.0.0/8", "::/128"],
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fec0::/10", "fc00::/7"],
  cgnat: ["100.64.0.0/10"],
  linkLocal: ["169.254.0.0/16", "fe80::/10"],
  multicast: ["224.0.0.0/4", "ff00::/8"],
  reserved: ["192.0.0.0/24", "198.18.0.0/15", "240.0.0.0/4"],
};
const CIDRS = (Object.entries(REFUSED) as [RefusedRange, string[]][]).flatMap(([range, nets]) =>
  nets.map((n): Cidr => {
    const [net, prefix] = n.split("/");
    const family = isIP(net);
    return { family, bytes: family === 4 ? v4Bytes(net) : v6Bytes(net), prefix: Number(prefix), range };
  }),
);
const V4 = CIDRS.filter((c) => c.family === 4);
const V6 = CIDRS.filter((c) => c.family === 6);

function inCidr(bytes: number[], { bytes: net, prefix }: Cidr): boolean {
  for (let i = 0; i < prefix; i += 8) {
    const bits = Math.min(8, prefix - i);
    const mask = (0xff << (8 - bits)) & 0xff;
    if ((bytes[i / 8] & mask) !== (net[i / 8] & mask)) return false;
  }
  return true;
}

/** The refused range an address falls in, or null when it may be called. */
export function refusedRange(address: string): RefusedRange | null {
  const family = isIP(address);
  if (family === 4) return V4.find((c) => inCidr(v4Bytes(address), c))?.range ?? null;
  if (family !== 6) return "reserved";
  const bytes = v6Bytes(address);
  const hit = V6.find((c) => inCidr(bytes, c));
  if (hit) return hit.range;
  // IPv4 inside IPv6 (mapped ::ffff:a.b.c.d, the old compatible ::a.b.c.d, NAT64 64:ff9b::/96) is
  // judged as the IPv4 address it reaches.
  const embedded =
    (bytes.slice(0, 10).every((b) => b === 0) && ((bytes[10] === 0xff && bytes[11] === 0xff) || (bytes[10] === 0 && bytes[11] === 0))) ||
    (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && bytes.slice(4, 12).every((b) => b === 0));
  return embedded ? refusedRange(bytes.slice(12).join(".")) : null;
}

const systemResolve = async (host: string) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Resolves `url`'s host and checks every address; the first one is the one to connect to (other protocols: MQTT, Kafka). */
export async function checkTarget(url: URL, opts: Pick<OutboundOptions, "allowAddresses" | "allowPrivate" | "resolve"> = {}): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (opts.resolve ?? systemResolve)(host);
    } catch {
      throw new OutboundError("network", { host });
    }
    if (!addresses.length) throw new OutboundError("network", { host });
  }
  const allowPrivate = opts.allowPrivate ?? process.env.PUSH_ALLOW_PRIVATE === "1";
  if (!allowPrivate) {
    // Any refused answer refuses the name: a resolver alternating answers must not win by chance.
    for (const address of addresses) {
      const range = refusedRange(address);
      if (range && !opts.allowAddresses?.includes(address)) throw new OutboundError("refused", { host, address, range: `@cloud.outbound.ranges.${range}` });
    }
  }
  return addresses[0];
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function send(url: URL, address: string, method: string, headers: Record<string, string>, body: Buffer | undefined, maxBytes: number, signal: AbortSignal): Promise<Answer> {
  // The connection goes to the checked address; the Host header and TLS name stay the URL's.
  const pinned: LookupFunction = (_host, options, cb) => {
    const family = isIP(address);
    if ((options as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const lib = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(url, { method, headers: { ...headers, ...(body ? { "content-length": String(body.length) } : {}) }, lookup: pinned, signal, agent: false }, (res) => {
      const declared = Number(res.headers["content-length"]);
      if (declared > maxBytes) {
        res.destroy();
        return reject(new OutboundError("tooLarge", { max: maxBytes }));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new OutboundError("tooLarge", { max: maxBytes }));
        } else chunks.push(chunk);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** One call to a user-supplied URL under the safety rules above. */
export async function safeFetch(target: string, opts: OutboundOptions = {}): Promise<OutboundResult> {
  const started = performance.now();
  const timeoutMs = opts.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const maxBytes = opts.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
  const encoding = opts.encoding ?? "UTF-8";
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundError("badUrl", { url: target });
  }
  let method = opts.method ?? "GET";
  let headers = { ...opts.headers };
  let body = opts.body === undefined || method === "GET" ? undefined : iconv.encode(opts.body, encoding === "GBK" ? "gbk" : "utf8");
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundError("badUrl", { url: url.href });
    const address = await checkTarget(url, opts);
    let answer: Answer;
    try {
      answer = await send(url, address, method, headers, body, maxBytes, signal);
    } catch (e) {
      if (e instanceof OutboundError) throw e;
      if (signal.aborted) throw new OutboundError("timeout", { ms: timeoutMs });
      throw new OutboundError("network", { host: url.hostname, reason: (e as Error).message });
    }
    const location = answer.headers.location;
    if ([301, 302, 303, 307, 308].includes(answer.status) && location) {
      if (hop >= OUTBOUND_DEFAULTS.maxRedirects) throw new OutboundError("redirects", { max: OUTBOUND_DEFAULTS.maxRedirects });
      const next = new URL(location, url);
      // As browsers do: 303 (and 301/302 after a POST) continue as a GET without the body.
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
      }
      // Credentials meant for one host are not handed to another.
      if (next.host !== url.host) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !["authorization", "cookie"].includes(k.toLowerCase())));
      url = next;
      continue;
    }
    const flat = Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v ?? "")]));
    return { status: answer.status, body: iconv.decode(answer.body, encoding === "GBK" ? "gbk" : "utf8"), durationMs: Math.round(performance.now() - started), headers: flat };
  }
}
