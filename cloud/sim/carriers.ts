import { SIM_CARRIERS, type SimCarrier } from "@/lib/contract/sim/enums";
import { ADAPTER_ENDPOINTS } from "@/lib/contract/sim/account";
import type { Carrier } from "./carrier";
import { CmpCarrier } from "./cmp";
import { ControlCenterCarrier } from "./control-center";
import { OneLinkCarrier } from "./onelink";
import { TokenBucket } from "./rate-limit";
import { SimulatedCarrier, type SimulatedOptions } from "./simulated";

/** A carrier account and its limiter: every call to the account goes through `bucket`. */
export type Account = { api: Carrier; bucket: TokenBucket };
export type Carriers = { of(carrier: SimCarrier): Account; simulated: boolean };

const num = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : fallback);

/** Accounts from explicit adapters (tests, benchmarks), each limited to `rate` calls a second. */
export function carriersOf(apis: Partial<Record<SimCarrier, Carrier>>, o: { rate?: number; burst?: number; inFlight?: number; simulated?: SimulatedOptions } = {}): Carriers {
  const rate = o.rate ?? 5;
  const accounts = new Map<SimCarrier, Account>();
  for (const c of SIM_CARRIERS) {
    const api = apis[c] ?? new SimulatedCarrier(c, o.simulated);
    accounts.set(c, { api, bucket: new TokenBucket({ rate, burst: o.burst ?? rate, inFlight: o.inFlight }) });
  }
  return { of: (c) => accounts.get(c)!, simulated: [...accounts.values()].some((a) => a.api.simulated) };
}

let fromEnv: Carriers | undefined;

/** One carrier's platform default: its adapter's variables, both required. */
type EnvAdapter = { carrier: SimCarrier; name: string; id: string; secret: string; url: string; build(o: { baseUrl: string; id: string; secret: string; rate: number }): Carrier };
const ENV_ADAPTERS: EnvAdapter[] = [
  { carrier: "cmcc", name: "China Mobile (OneLink)", id: "ONELINK_APP_ID", secret: "ONELINK_PASSWORD", url: "ONELINK_BASE_URL", build: (o) => new OneLinkCarrier({ baseUrl: o.baseUrl || ADAPTER_ENDPOINTS.onelink, appId: o.id, password: o.secret }) },
  // Control Center and CMP count requests, not batches: each request is paced at the rate, one in flight (as a tenant's account).
  { carrier: "unicom", name: "China Unicom (Control Center)", id: "CC_USERNAME", secret: "CC_API_KEY", url: "CC_BASE_URL", build: (o) => new ControlCenterCarrier({ baseUrl: o.baseUrl || ADAPTER_ENDPOINTS.controlcenter, username: o.id, apiKey: o.secret, limiter: new TokenBucket({ rate: o.rate, burst: 1, inFlight: 1 }) }) },
  { carrier: "chinanet", name: "China Telecom (CMP)", id: "CMP_APP_KEY", secret: "CMP_SECRET", url: "CMP_BASE_URL", build: (o) => new CmpCarrier({ baseUrl: o.baseUrl || ADAPTER_ENDPOINTS.cmp, appKey: o.id, secret: o.secret, limiter: new TokenBucket({ rate: o.rate, burst: 1, inFlight: 1 }) }) },
];

/**
 * The platform's default adapters from the environment, one per carrier whose two variables are
 * both set; a carrier with one of the two is answered in `warnings` and stays simulated.
 */
export function envAdapters(env: Record<string, string | undefined> = process.env): { apis: Partial<Record<SimCarrier, Carrier>>; warnings: string[] } {
  const apis: Partial<Record<SimCarrier, Carrier>> = {};
  const warnings: string[] = [];
  const rate = num(env.SIM_CARRIER_RATE, 5);
  for (const a of ENV_ADAPTERS) {
    const id = env[a.id]?.trim();
    const secret = env[a.secret]?.trim();
    if (id && secret) apis[a.carrier] = a.build({ baseUrl: env[a.url]?.trim() ?? "", id, secret, rate });
    else if (id || secret) warnings.push(`[sim] ${a.id} and ${a.secret} must both be set: ${a.name} cards use the simulated carrier unless a tenant has its own account`);
  }
  return { apis, warnings };
}

/**
 * The carriers of this process, from the environment (the platform's default for a tenant without
 * its own account): China Mobile through OneLink v5 when ONELINK_APP_ID and ONELINK_PASSWORD are
 * set, China Unicom through Control Center when CC_USERNAME and CC_API_KEY are, China Telecom
 * through CMP when CMP_APP_KEY and CMP_SECRET are (each with an optional *_BASE_URL, default the
 * public endpoint); otherwise the simulated carrier. SIM_CARRIER_RATE (calls a second, default 5)
 * and SIM_CARRIER_IN_FLIGHT limit each account. Credentials stay in the environment: never stored,
 * never answered.
 */
export function carriersFromEnv(env: NodeJS.ProcessEnv = process.env): Carriers {
  if (fromEnv) return fromEnv;
  const { apis, warnings } = envAdapters(env);
  for (const w of warnings) console.warn(w);
  fromEnv = carriersOf(apis, { rate: num(env.SIM_CARRIER_RATE, 5), inFlight: env.SIM_CARRIER_IN_FLIGHT ? num(env.SIM_CARRIER_IN_FLIGHT, 1) : undefined });
  return fromEnv;
}
