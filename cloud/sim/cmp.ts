import { createHash } from "node:crypto";
import type { SimStatus } from "@/lib/contract/sim/enums";
import { BATCH, CarrierError, type Carrier, type CarrierCard, type StateAction } from "./carrier";
import { realClock, TokenBucket, type Clock } from "./rate-limit";
import { platformDay } from "./simulated";

/**
 * China Telecom through its 5G connection management platform (CMP, `cmp-api.ctwing.cn`), as its
 * open API is published and used by public integrations: every call a POST of JSON with the
 * headers `AppKey`, `Timestamp` (yyyyMMddHHmmss, UTC+8) and `Sign` — the upper-case MD5 of the body's
 * fields sorted by name as `k=v` joined by `&` (a list joined by `,`), then the secret and the
 * timestamp. A card's main status is asked one card a call (`prodinst/queryCardMainStatus`); the
 * month's use of up to 100 cards in one (`batchQry/batchQryFlowByMonth`), their day's use in another
 * (`batchQry/batchQryFlowByDay`); amounts in MB unless `unit` says KB or GB. Use is known a day late
 * (T+1), as the carrier's bills. Answers carry `result` "0" or `code` 0; `resultCode` 40300 (or HTTP
 * 429) is its rate limit, 40100 a refused key or sign. Our reading where the published contract is
 * thin: cards are named by ICCID (`iccid`, which CMP takes beside the access number), and the card
 * list and daily use are `batchQry/qrySimList` and `batchQry/batchQryFlowByDay` (a list of cards, a
 * range of days), and an unknown card is answered `10003`. Every request goes
 * through `limiter` (the account's rate). Not exercised against a live account (no internet here):
 * tested against a fake on loopback.
 */
export type CmpConfig = {
  baseUrl: string;
  appKey: string;
  secret: string;
  limiter: TokenBucket;
  timeoutMs?: number;
  fetch?: typeof fetch;
  clock?: Clock;
};

/** CMP's main status codes: 1 ready to activate, 2 test-activated, 3 test-deactivated, 4 in use, 5 stopped, 6 held by the carrier. */
const STATUS: Record<string, SimStatus> = { "1": "notActivated", "2": "testing", "3": "testing", "4": "activation", "5": "deactivation", "6": "suspended" };
/** orderTypeId of `disabledNumberService`: 19 stop keeping the number, 20 resume it, 22 resume a deactivated card. */
const ORDER_TYPE: Record<StateAction, string> = { deactivate: "19", resume: "20", activate: "22" };
const RATE_LIMITED = new Set(["40300"]);
const AUTH = new Set(["40100", "40101"]);
const UNKNOWN_CARD = "10003";

type Json = Record<string, unknown>;
const stamp = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
const compact = (day: string) => day.replaceAll("-", "");
const dayOf = (s: unknown) => (typeof s === "string" && /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : typeof s === "string" && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null);
const addDay = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** An amount of use in MB, whatever unit CMP gave it in (`unit`: KB, MB or GB; MB when absent). */
const mbOf = (r: Json) => {
  const unit = String(r.unit ?? "MB").toUpperCase();
  return Number(r.flowAmount ?? 0) * (unit === "KB" ? 1 / 1024 : unit === "GB" ? 1024 : 1);
};

/** The signature of a body: fields sorted by name, `k=v` joined by `&`, then the secret and the timestamp, MD5 in upper case. */
export function cmpSign(body: Json, secret: string, timestamp: string) {
  const text = Object.keys(body)
    .sort()
    .map((k) => `${k}=${Array.isArray(body[k]) ? (body[k] as unknown[]).join(",") : String(body[k])}`)
    .join("&");
  return createHash("md5").update(`${text}${secret}${timestamp}`).digest("hex").toUpperCase();
}

export class CmpCarrier implements Carrier {
  readonly carrier = "chinanet" as const;
  readonly simulated = false;
  private readonly clock: Clock;
  private readonly fetch: typeof fetch;

  constructor(private readonly cfg: CmpConfig) {
    this.clock = cfg.clock ?? realClock;
    this.fetch = cfg.fetch ?? fetch;
  }

  /** One request through the limiter; `null` when CMP does not know the card (`10003`). */
  private post(path: string, body: Json): Promise<Json | null> {
    return this.cfg.limiter.run(async () => {
      const timestamp = stamp(this.clock.now());
      let res: Response;
      try {
        res = await this.fetch(new URL(path, this.cfg.baseUrl), {
          method: "POST",
          headers: { "content-type": "application/json", AppKey: this.cfg.appKey, Timestamp: timestamp, Sign: cmpSign(body, this.cfg.secret, timestamp) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(this.cfg.timeoutMs ?? 15_000),
        });
      } catch (err) {
        throw new CarrierError((err as Error).name === "TimeoutError" ? "timeout" : "failed", `CMP ${path}: ${(err as Error).message}`);
      }
      if (res.status === 429) throw new CarrierError("rateLimited", `CMP ${path}: too many requests`);
      const a = (await res.json().catch(() => null)) as Json | null;
      if (!res.ok || !a) throw new CarrierError(res.status === 401 ? "auth" : "failed", `CMP ${path}: HTTP ${res.status}`);
      const code = String(a.resultCode ?? a.code ?? a.result ?? "");
      if (code === "0" || code === "0000") return a;
      if (code === UNKNOWN_CARD) return null;
      const msg = `CMP ${path}: ${code} ${String(a.resultMsg ?? a.msg ?? "")}`.trim();
      if (RATE_LIMITED.has(code)) throw new CarrierError("rateLimited", msg);
      if (AUTH.has(code)) throw new CarrierError("auth", msg);
      throw new CarrierError("failed", msg);
    });
  }

  async listCards(page: number, size: number) {
    const a = await this.post("/api/v1/batchQry/qrySimList", { pageIndex: page, pageSize: Math.min(size, BATCH) });
    const data = (a?.data ?? {}) as { total?: number; list?: { iccid: string }[] };
    return { iccids: (data.list ?? []).map((c) => String(c.iccid)), total: Number(data.total ?? 0) };
  }

  /** The month's use of the whole batch in one call, then each card's status (one call a card). */
  async getCards(iccids: string[]): Promise<CarrierCard[]> {
    if (iccids.length > BATCH) throw new CarrierError("failed", `at most ${BATCH} cards a call`);
    if (!iccids.length) return [];
    const asOf = addDay(platformDay(this.clock.now()), -1);
    const flow = await this.post("/api/v1/batchQry/batchQryFlowByMonth", { iccid: iccids, month: compact(asOf).slice(0, 6) });
    const used = new Map(((flow?.data as Json[] | undefined) ?? []).filter((r) => String(r.result ?? "0") === "0").map((r) => [String(r.iccid), mbOf(r)]));
    const lastDay = new Map((await this.daily(iccids, asOf, asOf)).map((r) => [r.iccid, r.usedMb]));
    const out: CarrierCard[] = [];
    for (const iccid of iccids) {
      const s = await this.post("/openapi/v1/prodinst/queryCardMainStatus", { iccid });
      if (!s) continue;
      const info = ((s.productInfo as Json[] | undefined) ?? [])[0] ?? {};
      const code = String(info.productMainStatusCd ?? "");
      const mb = used.get(iccid);
      out.push({
        iccid,
        imsi: (s.imsi as string) || null,
        msisdn: (s.accessNumber as string) || (s.access_number as string) || null,
        imei: (s.imei as string) || null,
        status: STATUS[code] ?? "suspended",
        carrierStatus: `${code} ${String(info.productMainStatusName ?? "")}`.trim(),
        stopReason: code === "5" ? String(s.netBlockStatusName ?? info.operatorDefinitionStatusName ?? "") || null : null,
        activatedAt: dayOf(s.activeTime ?? s.activeDate),
        cardType: "SINGLE",
        poolCode: null,
        pool: null,
        usedMb: mb ?? 0,
        usageAsOf: mb === undefined ? null : asOf,
        lastDayMb: lastDay.get(iccid) ?? null,
      });
    }
    return out;
  }

  /** Use per card and day, `from`..`to`, of up to 100 cards in one call. */
  private async daily(iccids: string[], from: string, to: string) {
    const a = await this.post("/api/v1/batchQry/batchQryFlowByDay", { iccid: iccids, startDate: compact(from), endDate: compact(to) });
    return ((a?.data as Json[] | undefined) ?? []).flatMap((r) => {
      const day = dayOf(r.date);
      return day && String(r.result ?? "0") === "0" ? [{ iccid: String(r.iccid), day, usedMb: mbOf(r) }] : [];
    });
  }

  async usagePerDay(iccid: string, from: string, to: string) {
    return (await this.daily([iccid], from, to)).filter((r) => r.iccid === iccid).map(({ day, usedMb }) => ({ day, usedMb }));
  }

  /** One `disabledNumberService` a card; the work order is CMP's transaction id of the last. */
  async setState(iccids: string[], action: StateAction) {
    let order = "";
    for (const iccid of iccids) {
      const a = await this.post("/5gcmp/openapi/v1/common/disabledNumberService", { iccid, acctCd: "", orderTypeId: ORDER_TYPE[action] });
      if (!a) throw new CarrierError("failed", `CMP: unknown card ${iccid}`);
      order = String(a.GROUP_TRANSACTIONID ?? a.transactionId ?? order);
    }
    return { workOrder: order };
  }
}
