import { eq } from "drizzle-orm";
import { ADAPTER_ENDPOINTS } from "@/lib/contract/sim/account";
import { SIM_CARRIERS, type SimCarrier } from "@/lib/contract/sim/enums";
import type { Db } from "../db/client";
import { simCarrierAccounts } from "../db/schema";
import { OutboundError, safeFetch } from "../lib/outbound";
import { tenantOf } from "../lib/scope";
import { openValue } from "../lib/secrets";
import type { Carrier } from "./carrier";
import { CmpCarrier } from "./cmp";
import { ControlCenterCarrier } from "./control-center";
import type { Account, Carriers } from "./carriers";
import { OneLinkCarrier } from "./onelink";
import { TokenBucket } from "./rate-limit";
import { SimulatedCarrier } from "./simulated";

type AccountRow = typeof simCarrierAccounts.$inferSelect;
export type AccountOptions = {
  /** How OneLink is reached (tests give a fake); default `outboundFetch`. */
  fetch?: typeof fetch;
};

/**
 * A tenant's endpoint is a user-supplied address: reached through `safeFetch` (no private or
 * loopback targets, the checked address used), its failure told by kind only — never the URL,
 * whose query carries OneLink's password. The request's method, headers and body go with it
 * (Control Center's Basic credentials, CMP's signed POST).
 */
export const outboundFetch: typeof fetch = async (input, init) => {
  try {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const method = (init?.method ?? "GET") as "GET" | "POST" | "PUT";
    const r = await safeFetch(String(input instanceof Request ? input.url : input), { timeoutMs: 15_000, method, headers, body: typeof init?.body === "string" ? init.body : undefined });
    return new Response(r.body, { status: r.status, headers: { "content-type": r.headers["content-type"] ?? "application/json" } });
  } catch (err) {
    const e = new Error(err instanceof OutboundError ? `endpoint ${err.kind}` : "endpoint unreachable");
    if (err instanceof OutboundError && err.kind === "timeout") e.name = "TimeoutError";
    throw e;
  }
};

/**
 * Built accounts, by id: kept while the row is unchanged, so an account's token cache and its
 * limiter live across syncs (a new limiter per sync would let two syncs exceed the carrier's rate).
 */
const built = new Map<number, { stamp: number; account: Account }>();

function build(row: AccountRow, o: AccountOptions): Account | null {
  const bucket = new TokenBucket({ rate: row.rate, burst: row.rate });
  if (row.adapter === "simulated") return { api: new SimulatedCarrier(row.carrier as SimCarrier), bucket };
  const secret = row.secretSealed ? openValue(row.secretSealed) : undefined;
  // A secret sealed under another SECRETS_KEY cannot be opened: the platform's default stands in, as with no account.
  if (!row.appId || secret === undefined) return null;
  const fetch = o.fetch ?? outboundFetch;
  // Control Center and CMP count requests, not batches: each request is paced at the account's rate, one in flight.
  const requests = () => new TokenBucket({ rate: row.rate, burst: 1, inFlight: 1 });
  let api: Carrier;
  if (row.adapter === "onelink") api = new OneLinkCarrier({ baseUrl: row.endpoint || ADAPTER_ENDPOINTS.onelink, appId: row.appId, password: secret, fetch });
  else if (row.adapter === "controlcenter") api = new ControlCenterCarrier({ baseUrl: row.endpoint || ADAPTER_ENDPOINTS.controlcenter, username: row.appId, apiKey: secret, limiter: requests(), fetch });
  else if (row.adapter === "cmp") api = new CmpCarrier({ baseUrl: row.endpoint || ADAPTER_ENDPOINTS.cmp, appKey: row.appId, secret, limiter: requests(), fetch });
  else return null;
  return { api, bucket };
}

/**
 * The carriers a tenant's cards are synced through: each carrier's enabled account of the
 * tenant, else the platform's default (`fallback`: the environment's accounts or the simulated
 * carrier).
 */
export async function tenantCarriers(db: Db, tenantId: number, fallback: Carriers, o: AccountOptions = {}): Promise<Carriers> {
  const rows = await db.select().from(simCarrierAccounts).where(tenantOf(tenantId).where(simCarrierAccounts, eq(simCarrierAccounts.enableStatus, 1)));
  const own = new Map<SimCarrier, Account>();
  for (const row of rows) {
    const stamp = row.updatedAt.getTime();
    let hit = built.get(row.id);
    if (!hit || hit.stamp !== stamp || o.fetch) {
      const account = build(row, o);
      if (!account) continue;
      hit = { stamp, account };
      if (!o.fetch) built.set(row.id, hit);
    }
    own.set(row.carrier as SimCarrier, hit.account);
  }
  const of = (c: SimCarrier) => own.get(c) ?? fallback.of(c);
  return { of, simulated: SIM_CARRIERS.some((c) => of(c).api.simulated) };
}
