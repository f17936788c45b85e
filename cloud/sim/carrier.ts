import type { SimCarrier, SimStatus } from "@/lib/contract/sim/enums";

/** A card as its carrier reports it. */
export type CarrierCard = {
  iccid: string;
  imsi: string | null;
  msisdn: string | null;
  imei: string | null;
  status: SimStatus;
  /** The carrier's own status code and text, kept beside ours. */
  carrierStatus: string;
  stopReason: string | null;
  activatedAt: string | null;
  cardType: "SINGLE" | "POOL";
  poolCode: string | null;
  /** The pool's quota and use, for a pool card. */
  pool: { quotaMb: number; usedMb: number } | null;
  /** Use this month up to `usageAsOf` (carriers report a day late, T+1). */
  usedMb: number;
  usageAsOf: string | null;
  /** The use of the day `usageAsOf`. */
  lastDayMb: number | null;
};

export type StateAction = "activate" | "deactivate" | "resume";

/** Why a carrier call failed: its rate limit, no answer in time, refused credentials, anything else. */
export type CarrierErrorKind = "rateLimited" | "timeout" | "auth" | "failed";
export class CarrierError extends Error {
  constructor(
    readonly kind: CarrierErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One carrier account, behind one interface: the simulated carrier and OneLink v5 alike. Batches
 * are at most `BATCH` cards (OneLink takes 100).
 */
export interface Carrier {
  readonly carrier: SimCarrier;
  /** Whether this is the built-in simulated carrier rather than a real account. */
  readonly simulated: boolean;
  /** The account's ICCIDs, a page at a time (from 1). */
  listCards(page: number, size: number): Promise<{ iccids: string[]; total: number }>;
  /** Up to `BATCH` cards; unknown ICCIDs are left out. */
  getCards(iccids: string[]): Promise<CarrierCard[]>;
  /** One card's use per day, `from`..`to` inclusive (days the carrier does not know yet are left out). */
  usagePerDay(iccid: string, from: string, to: string): Promise<{ day: string; usedMb: number }[]>;
  /** Asks for a state change; answers the carrier's work order. */
  setState(iccids: string[], action: StateAction): Promise<{ workOrder: string }>;
}

export const BATCH = 100;
