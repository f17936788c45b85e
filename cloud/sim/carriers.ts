import { SIM_CARRIERS, type SimCarrier } from "@/lib/contract/sim/enums";
import type { Carrier } from "./carrier";
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

/**
 * The carriers of this process, from the environment: China Mobile through OneLink v5 when
 * ONELINK_APP_ID and ONELINK_PASSWORD are set (ONELINK_BASE_URL, default the public endpoint),
 * else — and for China Unicom and China Telecom, which have no adapter yet — the simulated
 * carrier. SIM_CARRIER_RATE (calls a second, default 5) and SIM_CARRIER_IN_FLIGHT limit each
 * account. Credentials stay in the environment: never stored, never answered.
 */
export function carriersFromEnv(env: NodeJS.ProcessEnv = process.env): Carriers {
  if (fromEnv) return fromEnv;
  const apis: Partial<Record<SimCarrier, Carrier>> = {};
  if (env.ONELINK_APP_ID && env.ONELINK_PASSWORD) apis.cmcc = new OneLinkCarrier({ baseUrl: env.ONELINK_BASE_URL || "https://api.iot.10086.cn", appId: env.ONELINK_APP_ID, password: env.ONELINK_PASSWORD });
  else if (env.ONELINK_APP_ID || env.ONELINK_PASSWORD) console.warn("[sim] ONELINK_APP_ID and ONELINK_PASSWORD must both be set: China Mobile cards use the simulated carrier");
  fromEnv = carriersOf(apis, { rate: num(env.SIM_CARRIER_RATE, 5), inFlight: env.SIM_CARRIER_IN_FLIGHT ? num(env.SIM_CARRIER_IN_FLIGHT, 1) : undefined });
  return fromEnv;
}
