import type { SimStatus } from "@/lib/contract/sim/enums";
import { BATCH, CarrierError, type Carrier, type CarrierCard, type StateAction } from "./carrier";
import { realClock, TokenBucket, type Clock } from "./rate-limit";
import { platformDay } from "./simulated";

/**
 * China Unicom through Cisco IoT Control Center (Jasper), REST API v1 (`/rws/api/v1/…`), written to
 * its published contract: HTTP Basic with the user name and its API key; `GET devices` lists the
 * account's cards 50 a page (`modifiedSince` required, `lastPage` at the end); `GET
 * devices/{iccid}/ctdUsages` answers one card's identity, status and cycle-to-date data use (bytes);
 * `PUT devices/{iccid}` with `{ status }` changes its state. Control Center allows 5 requests a second
 * with **one in flight**, counted per request: every request goes through `limiter`, so a batch of
 * 100 cards is 100 requests spaced by it. Errors answer `{ errorMessage, errorCode }`; 429 or
 * `errorCode` 40000029 is its rate limit, 401 refused credentials. It reports use per billing cycle,
 * not per day: `usagePerDay` is refused (the card's daily chart is filled by carriers that report it).
 * Not exercised against a live account (no internet here): tested against a fake on loopback.
 */
export type ControlCenterConfig = {
  baseUrl: string;
  username: string;
  apiKey: string;
  /** Paces each request: the account's rate, one in flight. */
  limiter: TokenBucket;
  timeoutMs?: number;
  fetch?: typeof fetch;
  clock?: Clock;
};

/** Control Center's page size: at most 50. */
export const CC_PAGE = 50;
/** Every card of the account: `modifiedSince` is required, so the earliest date it takes. */
const SINCE = "2000-01-01T00:00:00+00:00";
const RATE_LIMITED = new Set(["40000029"]);

/** Control Center's SIM states. */
const STATUS: Record<string, SimStatus> = {
  ACTIVATED: "activation",
  DEACTIVATED: "deactivation",
  TEST_READY: "testing",
  ACTIVATION_READY: "notActivated",
  INVENTORY: "waitingBind",
  RETIRED: "retired",
  PURGED: "cancelled",
  REPLACED: "cancelled",
};
const ACTION: Record<StateAction, string> = { activate: "ACTIVATED", deactivate: "DEACTIVATED", resume: "ACTIVATED" };

type Json = Record<string, unknown>;

export class ControlCenterCarrier implements Carrier {
  readonly carrier = "unicom" as const;
  readonly simulated = false;
  private readonly clock: Clock;
  private readonly fetch: typeof fetch;
  private readonly auth: string;

  constructor(private readonly cfg: ControlCenterConfig) {
    this.clock = cfg.clock ?? realClock;
    this.fetch = cfg.fetch ?? fetch;
    this.auth = `Basic ${Buffer.from(`${cfg.username}:${cfg.apiKey}`).toString("base64")}`;
  }

  /** One request, through the limiter; `null` for a card Control Center does not know (404). */
  private request(method: "GET" | "PUT", path: string, query: Record<string, string> = {}, body?: Json): Promise<Json | null> {
    return this.cfg.limiter.run(async () => {
      const url = new URL(`/rws/api/v1/${path}`, this.cfg.baseUrl);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      let res: Response;
      try {
        res = await this.fetch(url, {
          method,
          headers: { authorization: this.auth, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(this.cfg.timeoutMs ?? 15_000),
        });
      } catch (err) {
        throw new CarrierError((err as Error).name === "TimeoutError" ? "timeout" : "failed", `Control Center ${path}: ${(err as Error).message}`);
      }
      const answer = (await res.json().catch(() => ({}))) as Json;
      if (res.ok) return answer;
      const code = String(answer.errorCode ?? "");
      if (res.status === 404) return null;
      if (res.status === 429 || RATE_LIMITED.has(code)) throw new CarrierError("rateLimited", `Control Center ${path}: too many requests`);
      if (res.status === 401 || res.status === 403) throw new CarrierError("auth", `Control Center ${path}: ${String(answer.errorMessage ?? "refused credentials")}`);
      throw new CarrierError("failed", `Control Center ${path}: HTTP ${res.status} ${code} ${String(answer.errorMessage ?? "")}`.trim());
    });
  }

  /** Pages of `size` over Control Center's pages of 50. `total` is exact once the last page is read, else a lower bound. */
  async listCards(page: number, size: number) {
    const per = Math.max(1, Math.ceil(size / CC_PAGE));
    const first = (page - 1) * per + 1;
    const iccids: string[] = [];
    let last = false;
    let read = first - 1;
    while (read < page * per && !last) {
      read++;
      const a = await this.request("GET", "devices", { modifiedSince: SINCE, pageSize: String(CC_PAGE), pageNumber: String(read) });
      const devices = (a?.devices as { iccid: string }[] | undefined) ?? [];
      iccids.push(...devices.map((d) => String(d.iccid)));
      last = a?.lastPage === true || devices.length < CC_PAGE;
    }
    return { iccids: iccids.slice(0, size), total: last ? (first - 1) * CC_PAGE + iccids.length : read * CC_PAGE + 1 };
  }

  /** One `ctdUsages` request a card (identity, state and use in one answer), one at a time. */
  async getCards(iccids: string[]): Promise<CarrierCard[]> {
    if (iccids.length > BATCH) throw new CarrierError("failed", `at most ${BATCH} cards a call`);
    const asOf = platformDay(this.clock.now());
    const out: CarrierCard[] = [];
    for (const iccid of iccids) {
      const d = await this.request("GET", `devices/${encodeURIComponent(iccid)}/ctdUsages`);
      if (!d) continue;
      const status = String(d.status ?? "");
      out.push({
        iccid: String(d.iccid ?? iccid),
        imsi: (d.imsi as string) || null,
        msisdn: (d.msisdn as string) || null,
        imei: (d.imei as string) || null,
        status: STATUS[status] ?? "suspended",
        carrierStatus: status,
        stopReason: null,
        activatedAt: null,
        cardType: "SINGLE",
        poolCode: null,
        pool: null,
        // Bytes, cycle to date, as of the answer.
        usedMb: Number(d.ctdDataUsage ?? 0) / 1048576,
        usageAsOf: asOf,
        lastDayMb: null,
      });
    }
    return out;
  }

  async usagePerDay(): Promise<{ day: string; usedMb: number }[]> {
    throw new CarrierError("failed", "Control Center reports use per billing cycle, not per day");
  }

  /** One `PUT devices/{iccid}` a card; the work order names the cards changed. */
  async setState(iccids: string[], action: StateAction) {
    const done: string[] = [];
    for (const iccid of iccids) {
      const a = await this.request("PUT", `devices/${encodeURIComponent(iccid)}`, {}, { status: ACTION[action] });
      if (!a) throw new CarrierError("failed", `Control Center: unknown card ${iccid}`);
      done.push(String(a.iccid ?? iccid));
    }
    return { workOrder: `CC-${ACTION[action]}-${done.length}-${this.clock.now()}` };
  }
}
