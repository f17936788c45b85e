/** SIM enumerations (core §4), spread into `ENUMS`; labels in `messages/<locale>/enums.json`. */

/**
 * A card's status: the five of core §4 (testing, activation, deactivation, retired, silence) and the
 * other labels it names (not activated, suspended, cancelled, waiting to bind).
 */
export const SIM_STATUS = ["testing", "activation", "deactivation", "retired", "silence", "notActivated", "suspended", "cancelled", "waitingBind"] as const;
export type SimStatus = (typeof SIM_STATUS)[number];
/** NOT_SET no IMEI known, NOT_BIND not bound to one, NORMAL the bound IMEI, SPLIT the card moved to another device. */
export const SIM_IMEI_STATUS = ["NOT_SET", "NOT_BIND", "NORMAL", "SPLIT"] as const;
export type SimImeiStatus = (typeof SIM_IMEI_STATUS)[number];
export const SIM_CARD_TYPES = ["SINGLE", "POOL"] as const;
export const SIM_CARRIERS = ["unicom", "cmcc", "chinanet"] as const;
export type SimCarrier = (typeof SIM_CARRIERS)[number];
/**
 * How the cloud speaks to a carrier account: China Mobile's OneLink v5, China Unicom's Cisco Control
 * Center (Jasper), China Telecom's 5G connection management platform (CMP), or the built-in simulated carrier.
 */
export const SIM_ADAPTERS = ["onelink", "controlcenter", "cmp", "simulated"] as const;
export type SimAdapter = (typeof SIM_ADAPTERS)[number];
/** The carriers each adapter serves. */
export const ADAPTER_CARRIERS: Record<SimAdapter, readonly SimCarrier[]> = { onelink: ["cmcc"], controlcenter: ["unicom"], cmp: ["chinanet"], simulated: SIM_CARRIERS };
/** 0 renew, 1 no renewal this month, 2 stop renewal. */
export const SIM_RENEWAL = [0, 1, 2] as const;
export const SIM_RENEWAL_OF = { renew: 0, skipThisMonth: 1, stop: 2 } as const;
/** How long a plan's quota lasts. */
export const SIM_PERIODS = ["month", "season", "year"] as const;
export type SimPeriod = (typeof SIM_PERIODS)[number];
export const SIM_PERIOD_MONTHS: Record<SimPeriod, number> = { month: 1, season: 3, year: 12 };
/** 1 new cards, 2 renewal. */
export const SIM_ORDER_TYPES = [1, 2] as const;
export const SIM_ORDER_TYPE = { new: 1, renewal: 2 } as const;
/** 1 effective, 2 cancelled. */
export const SIM_ORDER_STATUS = [1, 2] as const;
/** What a record tells of a card. */
export const SIM_ACTIONS = ["add", "import", "upd", "bind", "unbind", "tag", "renewal", "renewalCancel", "order", "sync", "status", "state", "split", "expire"] as const;
export type SimAction = (typeof SIM_ACTIONS)[number];
/** 1 success, 2 failed. */
export const SIM_RESULTS = [1, 2] as const;
/** Days ahead the list's "expiring" filter looks. */
export const SIM_EXPIRING = [7, 30] as const;
/** A sync run: running, done or failed. */
export const SIM_SYNC_STATES = ["running", "done", "failed"] as const;

export const SIM_ENUMS = {
  simStatus: SIM_STATUS,
  simImeiStatus: SIM_IMEI_STATUS,
  simCardType: SIM_CARD_TYPES,
  simCarrier: SIM_CARRIERS,
  simAdapter: SIM_ADAPTERS,
  simRenewal: SIM_RENEWAL,
  simPeriod: SIM_PERIODS,
  simOrderType: SIM_ORDER_TYPES,
  simOrderStatus: SIM_ORDER_STATUS,
  simAction: SIM_ACTIONS,
  simResult: SIM_RESULTS,
  simExpiring: SIM_EXPIRING,
  simSyncState: SIM_SYNC_STATES,
  /** A yes-only filter (over quota). */
  simYes: [1],
} as const;
