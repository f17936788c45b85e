import { describe, expect, it } from "vitest";
import type { AnyCall } from "@/lib/contract/call";
import { CATALOGUE } from "@/lib/contract/catalogue";
import { DEMO_ACCOUNTS } from "./seed";
import { signedIn, type TestCloud } from "./testing";

/**
 * Every declared call, sent malformed inputs as a signed-in tenant administrator: whatever the input,
 * the answer is an envelope with a client's code, never a server error (issue 32).
 */

const junk: unknown[] = [
  null,
  [],
  [1, 2, 3],
  "text",
  0,
  -1,
  1e308,
  true,
  { id: "x" },
  { id: -5, ids: "1,2" },
  { ids: [0, -1, "a", null] },
  { id: 2147483648 },
  { current: "a", size: -1 },
  { current: 0, size: 1e9 },
  { name: "\u0000nul\u0000" },
  { deviceName: "\ud800", prjName: "\udfff" },
  { status: 99, enableStatus: "on" },
  { startTime: "yesterday", endTime: "2026-13-45" },
  { __proto__: { polluted: 1 }, constructor: { prototype: { x: 1 } } },
  { a: { b: { c: { d: { e: { f: [[[[[]]]]] } } } } } },
  { list: Array.from({ length: 2000 }, (_, i) => i) },
  { text: "x".repeat(70_000) },
];
const rawBodies = ["{", "{\"a\":", "\u0000", "[}", "null", "\"\"", "{}{}"];

/** A query string from a junk value: its fields, or the value under a name the calls use. */
function queryOf(v: unknown): string {
  const fields: [string, unknown][] = v && typeof v === "object" && !Array.isArray(v) ? Object.entries(v) : [["id", v]];
  return new URLSearchParams(fields.map(([k, x]): [string, string] => [k, typeof x === "string" ? x : JSON.stringify(x)])).toString();
}

let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

describe("the API under malformed input", () => {
  it(`answers every declared call's malformed inputs with a client's code (${CATALOGUE.length} calls)`, { timeout: 900_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    const check = async (call: AnyCall, label: string, init: RequestInit, query = "") => {
      const path = call.path.replace(/:(\w+)(\{[^}]*\})?/g, "0");
      const res = await cloud.app.request(`/iotCloud/${path}${query ? `?${query}` : ""}`, { ...init, headers: { authorization: `Bearer ${admin}`, projectid: "2", ...init.headers } });
      sent++;
      const text = await res.text();
      let code = 0;
      try {
        code = (JSON.parse(text) as { code?: number }).code ?? 0;
      } catch {
        // A file (an export of what the junk filtered) is a fine answer too.
      }
      if (res.status >= 500 || code >= 500) failures.push(`${call.path} ${label}: HTTP ${res.status} code ${code} ${text.slice(0, 120)}`);
      // Logout and password changes end the session: the fuzz goes on with a new one.
      if (code === 401) admin = await cloud.login("demoadmin", DEMO_ACCOUNTS.demoadmin.password, 2);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    };
    const codes = new Map<number, number>();
    for (const call of CATALOGUE) {
      for (const [i, v] of junk.entries()) {
        if (call.kind === "get") await check(call, `query ${i}`, { method: "GET" }, queryOf(v));
        else await check(call, `body ${i}`, { method: "POST", body: JSON.stringify(v), headers: { "content-type": "application/json" } }, queryOf(v));
      }
      if (call.kind !== "get") for (const [i, raw] of rawBodies.entries()) await check(call, `raw ${i}`, { method: "POST", body: raw, headers: { "content-type": "application/json" } });
    }
    expect(sent).toBeGreaterThanOrEqual(10_000);
    // Most answers are refusals of the input, not of the caller.
    expect(codes.get(401) ?? 0).toBeLessThan(sent / 20);
    expect(failures).toEqual([]);
  });
});
