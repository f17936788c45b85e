import type { SimCarrier, SimStatus } from "@/lib/contract/sim/enums";
import { isIccid } from "@/lib/contract/sim/iccid";
import { BATCH, CarrierError, type Carrier, type CarrierCard, type StateAction } from "./carrier";
import { realClock, type Clock } from "./rate-limit";

/** FNV-1a of a text: the seed of everything a card does. */
export function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
/** A number in [0, 1) fixed by its inputs. */
const unit = (...parts: (string | number)[]) => hashOf(parts.join("|")) / 2 ** 32;

const DAY_MS = 86_400_000;
/** A pool's quota per member card (MB): a pool shares its members' plans. */
export const POOL_SHARE_MB = 2048;
/** The platform's calendar day (UTC+8) of an instant. */
export const platformDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** What the simulated carrier answers for each status: its own code, as a real carrier's raw status. */
const RAW: Record<SimStatus, string> = {
  testing: "6 TEST", activation: "2 ACTIVATED", deactivation: "4 DEACTIVATED", retired: "9 RETIRED", silence: "3 SILENT",
  notActivated: "1 INVENTORY", suspended: "5 SUSPENDED", cancelled: "8 PRE-CANCEL", waitingBind: "7 WAIT-BIND",
};

export type SimulatedOptions = {
  clock?: Clock;
  /** The account's limit, enforced as the carrier does (calls a second, bursts): a caller over it is refused. */
  limit?: { rate: number; burst: number };
  /** Share of calls that fail with a time-out or a rate-limit refusal, so every path is exercised (default 0.02). */
  errorRate?: number;
  /** How long a timed-out call hangs before failing. */
  timeoutMs?: number;
  /** Seed of the injected errors. */
  seed?: number;
};

/**
 * The built-in carrier, the default without credentials: every valid ICCID is a card of the
 * account, and what it does follows from its ICCID and the day — daily use (some cards in a
 * reconnect loop burning gigabytes), use known a day late (T+1), weekly lifecycle changes
 * (deactivation, silence), expiring plans, an IMEI that changes now and then (SPLIT), and
 * occasional time-outs and rate-limit refusals. It holds callers to its own rate limit, so a
 * caller's limiter is tested against it.
 */
export class SimulatedCarrier implements Carrier {
  readonly simulated = true;
  private readonly clock: Clock;
  private readonly errorRate: number;
  private readonly timeoutMs: number;
  private readonly limit: { rate: number; burst: number };
  private tokens: number;
  private last: number;
  private seed: number;
  private readonly states = new Map<string, SimStatus>();
  private readonly known = new Set<string>();
  /** Calls answered and refused, for tests and benchmarks. */
  readonly calls = { ok: 0, rateLimited: 0, timeout: 0 };

  constructor(
    readonly carrier: SimCarrier,
    o: SimulatedOptions = {},
  ) {
    this.clock = o.clock ?? realClock;
    this.errorRate = o.errorRate ?? 0.02;
    this.timeoutMs = o.timeoutMs ?? 200;
    this.limit = o.limit ?? { rate: 5, burst: 5 };
    this.tokens = this.limit.burst;
    this.last = this.clock.now();
    this.seed = o.seed ?? 1;
  }

  /** Each call: the account's limit, then now and then an injected failure. */
  private async gate() {
    const now = this.clock.now();
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.last) / 1000) * this.limit.rate);
    this.last = now;
    // A hair of slack for timer rounding; a caller really over the limit is far below it.
    if (this.tokens < 0.98) {
      this.calls.rateLimited++;
      throw new CarrierError("rateLimited", "simulated carrier: too many requests");
    }
    this.tokens -= 1;
    const roll = unit(this.seed++, "fail");
    if (roll < this.errorRate / 2) {
      this.calls.timeout++;
      await this.clock.sleep(this.timeoutMs);
      throw new CarrierError("timeout", "simulated carrier: no answer in time");
    }
    if (roll < this.errorRate) {
      this.calls.rateLimited++;
      throw new CarrierError("rateLimited", "simulated carrier: too many requests");
    }
    this.calls.ok++;
  }

  /** The day whose use is known: yesterday (T+1). */
  asOf() {
    return addDays(platformDay(this.clock.now()), -1);
  }

  /** A card's use on one day, in MB. */
  static dayUsage(iccid: string, day: string): number {
    const h = hashOf(iccid);
    // About one card in a hundred is stuck in a reconnect loop (qcloud-iot-sdk-android #7: 11 GB a day).
    const base = h % 97 === 0 ? 11_000 : 2 + (h % 120);
    return Math.round(base * (0.4 + 1.2 * unit(iccid, day)) * 100) / 100;
  }

  private week() {
    return Math.floor(this.clock.now() / (7 * DAY_MS));
  }

  private statusOf(iccid: string): SimStatus {
    const set = this.states.get(iccid);
    if (set) return set;
    const r = unit(iccid, "status", this.week());
    return r < 0.03 ? "deactivation" : r < 0.05 ? "silence" : r < 0.06 ? "testing" : "activation";
  }

  /** A card's pool, as this carrier places it: one card in five, in one of three pools. */
  static poolOf(carrier: SimCarrier, iccid: string): string | null {
    const h = hashOf(iccid);
    return h % 5 === 0 ? `${carrier.toUpperCase()}-POOL-${(h % 3) + 1}` : null;
  }

  /** A card's use this month up to `asOf` (its first day to `asOf`). */
  static monthUsage(iccid: string, asOf: string): number {
    let usedMb = 0;
    for (let d = `${asOf.slice(0, 8)}01`; d <= asOf; d = addDays(d, 1)) usedMb += SimulatedCarrier.dayUsage(iccid, d);
    return Math.round(usedMb * 100) / 100;
  }

  /** Month use per card, for the day it was worked out (a pool sums its members' on every answer). */
  private monthCache = { asOf: "", used: new Map<string, number>() };
  private monthOf(iccid: string, asOf: string) {
    if (this.monthCache.asOf !== asOf) this.monthCache = { asOf, used: new Map() };
    let used = this.monthCache.used.get(iccid);
    if (used === undefined) this.monthCache.used.set(iccid, (used = SimulatedCarrier.monthUsage(iccid, asOf)));
    return used;
  }

  /**
   * A pool as a carrier reports it: its quota the plans of its members (`POOL_SHARE_MB` each) and
   * its use theirs, over the account's cards this carrier has been asked about.
   */
  private poolReport(poolCode: string, asOf: string) {
    let members = 0;
    let usedMb = 0;
    for (const i of this.known) {
      if (SimulatedCarrier.poolOf(this.carrier, i) !== poolCode) continue;
      members++;
      usedMb += this.monthOf(i, asOf);
    }
    return { quotaMb: members * POOL_SHARE_MB, usedMb: Math.round(usedMb * 100) / 100 };
  }

  private cardOf(iccid: string, pools: Map<string, { quotaMb: number; usedMb: number }>): CarrierCard {
    const h = hashOf(iccid);
    const asOf = this.asOf();
    const usedMb = this.monthOf(iccid, asOf);
    const poolCode = SimulatedCarrier.poolOf(this.carrier, iccid);
    let pool = poolCode ? pools.get(poolCode) : undefined;
    if (poolCode && !pool) pools.set(poolCode, (pool = this.poolReport(poolCode, asOf)));
    // Now and then the card shows up in another device (SPLIT).
    const split = unit(iccid, "imei", this.week()) < 0.02;
    const imei = `86${String((split ? h ^ 0x5a5a5a : h) % 10 ** 13).padStart(13, "0")}`;
    const status = this.statusOf(iccid);
    return {
      iccid,
      imsi: `46000${String(h % 10 ** 10).padStart(10, "0")}`,
      msisdn: `1440${String(h % 10 ** 9).padStart(9, "0")}`,
      imei,
      status,
      carrierStatus: RAW[status],
      stopReason: status === "deactivation" ? "arrears" : null,
      activatedAt: addDays("2025-01-01", h % 400),
      cardType: poolCode ? "POOL" : "SINGLE",
      poolCode,
      pool: pool ?? null,
      usedMb,
      usageAsOf: asOf,
      lastDayMb: SimulatedCarrier.dayUsage(iccid, asOf),
    };
  }

  async listCards(page: number, size: number) {
    await this.gate();
    const all = [...this.known].sort();
    return { iccids: all.slice((page - 1) * size, page * size), total: all.length };
  }

  async getCards(iccids: string[]): Promise<CarrierCard[]> {
    if (iccids.length > BATCH) throw new CarrierError("failed", `at most ${BATCH} cards a call`);
    await this.gate();
    const valid = iccids.filter(isIccid);
    for (const i of valid) this.known.add(i);
    const pools = new Map<string, { quotaMb: number; usedMb: number }>();
    return valid.map((i) => this.cardOf(i, pools));
  }

  async usagePerDay(iccid: string, from: string, to: string) {
    await this.gate();
    const asOf = this.asOf();
    const out: { day: string; usedMb: number }[] = [];
    for (let d = from; d <= to && d <= asOf; d = addDays(d, 1)) out.push({ day: d, usedMb: SimulatedCarrier.dayUsage(iccid, d) });
    return out;
  }

  async setState(iccids: string[], action: StateAction) {
    await this.gate();
    for (const i of iccids) this.states.set(i, action === "deactivate" ? "deactivation" : "activation");
    return { workOrder: `SIM${this.clock.now()}${hashOf(iccids.join()) % 1000}` };
  }
}
