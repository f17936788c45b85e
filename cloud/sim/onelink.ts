import type { SimStatus } from "@/lib/contract/sim/enums";
import { BATCH, CarrierError, type Carrier, type CarrierCard, type StateAction } from "./carrier";
import { realClock, type Clock } from "./rate-limit";

/**
 * China Mobile OneLink (API v5, `/v5/ec/...`), written to its published contract: a token from
 * `get/token` (appid + password + transid) valid an hour and cached until shortly before; batch
 * queries of up to 100 cards joined by `_`; answers `{ status: "0", message, result: [...] }`,
 * `status` "12021" meaning the token lapsed. Not exercised against a live account here (no
 * internet): the simulated carrier stands in, and this adapter is used only when ONELINK_APP_ID and
 * ONELINK_PASSWORD are set.
 */
export type OneLinkConfig = { baseUrl: string; appId: string; password: string; timeoutMs?: number; fetch?: typeof fetch; clock?: Clock };

/** OneLink's cardStatus codes (1 to be activated, 2 activated, 4 stopped, 6 testable, 7 in stock, 8 pre-cancelled, 9 cancelled). */
const STATUS: Record<string, SimStatus> = { "1": "notActivated", "2": "activation", "4": "deactivation", "6": "testing", "7": "waitingBind", "8": "cancelled", "9": "retired" };
const TOKEN_LAPSED = new Set(["12021", "12022"]);
const ymd = (day: string) => day.replaceAll("-", "");
const day = (s: string | null | undefined) => (s && /^\d{8}/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null);

type Answer = { status: string; message: string; result?: Record<string, unknown>[] };

export class OneLinkCarrier implements Carrier {
  readonly carrier = "cmcc" as const;
  readonly simulated = false;
  private token: { value: string; until: number } | null = null;
  private seq = 0;
  private readonly clock: Clock;
  private readonly fetch: typeof fetch;

  constructor(private readonly cfg: OneLinkConfig) {
    this.clock = cfg.clock ?? realClock;
    this.fetch = cfg.fetch ?? fetch;
  }

  /** transid: appid + yyyyMMddHHmmss + an 8-digit sequence, unique per call. */
  private transid() {
    const t = new Date(this.clock.now() + 8 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
    this.seq = (this.seq + 1) % 1e8;
    return `${this.cfg.appId}${t}${String(this.seq).padStart(8, "0")}`;
  }

  private async get(path: string, params: Record<string, string>): Promise<Answer> {
    const url = new URL(`/v5/ec/${path}`, this.cfg.baseUrl);
    for (const [k, v] of Object.entries({ transid: this.transid(), ...params })) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await this.fetch(url, { signal: AbortSignal.timeout(this.cfg.timeoutMs ?? 15_000) });
    } catch (err) {
      throw new CarrierError((err as Error).name === "TimeoutError" ? "timeout" : "failed", `OneLink ${path}: ${(err as Error).message}`);
    }
    if (res.status === 429) throw new CarrierError("rateLimited", `OneLink ${path}: too many requests`);
    if (!res.ok) throw new CarrierError("failed", `OneLink ${path}: HTTP ${res.status}`);
    return (await res.json()) as Answer;
  }

  private async tokenValue(): Promise<string> {
    if (this.token && this.token.until > this.clock.now()) return this.token.value;
    const a = await this.get("get/token", { appid: this.cfg.appId, password: this.cfg.password, refresh: "0" });
    const r = a.result?.[0];
    if (a.status !== "0" || !r?.token) throw new CarrierError("auth", `OneLink token: ${a.message}`);
    const ttl = Number(r.ttl ?? 3600);
    // Renewed a minute early so no call carries a token that lapses on the way.
    this.token = { value: String(r.token), until: this.clock.now() + Math.max(60, ttl - 60) * 1000 };
    return this.token.value;
  }

  /** A call with the cached token; a lapsed token is fetched again once. */
  private async call(path: string, params: Record<string, string>): Promise<Record<string, unknown>[]> {
    for (let attempt = 0; ; attempt++) {
      const a = await this.get(path, { ...params, token: await this.tokenValue() });
      if (a.status === "0") return a.result ?? [];
      if (TOKEN_LAPSED.has(a.status) && attempt === 0) {
        this.token = null;
        continue;
      }
      throw new CarrierError(a.status === "12023" ? "rateLimited" : "failed", `OneLink ${path}: ${a.status} ${a.message}`);
    }
  }

  async listCards(page: number, size: number) {
    const rows = await this.call("query/sim-list", { pageSize: String(Math.min(size, 50)), startNum: String((page - 1) * size + 1) });
    const first = rows[0] as { cardList?: { iccid: string }[]; totalCount?: string } | undefined;
    return { iccids: (first?.cardList ?? []).map((c) => c.iccid), total: Number(first?.totalCount ?? 0) };
  }

  async getCards(iccids: string[]): Promise<CarrierCard[]> {
    if (iccids.length > BATCH) throw new CarrierError("failed", `at most ${BATCH} cards a call`);
    const joined = iccids.join("_");
    const [status, usage] = await Promise.all([this.call("query/sim-status/batch", { iccids: joined }), this.call("query/sim-data-usage/batch", { iccids: joined })]);
    const used = new Map(usage.map((u) => [String(u.iccid), u]));
    return status.map((s) => {
      const code = String(s.cardStatus ?? "");
      const u = used.get(String(s.iccid));
      return {
        iccid: String(s.iccid),
        imsi: (s.imsi as string) ?? null,
        msisdn: (s.msisdn as string) ?? null,
        imei: (s.imei as string) ?? null,
        status: STATUS[code] ?? "suspended",
        carrierStatus: `${code} ${String(s.cardStatusName ?? "")}`.trim(),
        stopReason: (s.stopReason as string) ?? null,
        activatedAt: day(s.activeDate as string),
        cardType: s.groupId ? "POOL" : "SINGLE",
        poolCode: (s.groupId as string) ?? null,
        pool: null,
        // OneLink answers use in KB.
        usedMb: u ? Number(u.dataAmount ?? 0) / 1024 : 0,
        usageAsOf: day(u?.queryDate as string),
        lastDayMb: null,
      };
    });
  }

  async usagePerDay(iccid: string, from: string, to: string) {
    const rows = await this.call("query/sim-data-usage-daily/batch", { iccids: iccid, startDate: ymd(from), endDate: ymd(to) });
    return rows.flatMap((r) => {
      const d = day(r.date as string);
      return d ? [{ day: d, usedMb: Number(r.dataAmount ?? 0) / 1024 }] : [];
    });
  }

  async setState(iccids: string[], action: StateAction) {
    const operType = action === "deactivate" ? "0" : "1";
    const rows = await this.call("change/sim-status/batch", { iccids: iccids.join("_"), operType });
    return { workOrder: String(rows[0]?.jobId ?? rows[0]?.orderNum ?? "") };
  }
}
