/** Linkage enumerations (core §4), spread into `ENUMS`; labels in `messages/<locale>/enums.json`. */

/** Active time: 1 always, 2 in the specified weekly windows. */
export const ACTIVE_TIMES = [1, 2] as const;
export const ACTIVE_TIME = { always: 1, specified: 2 } as const;
/** How triggers combine: 1 all of them, 2 any of them. */
export const TRIGGER_MODES = [1, 2] as const;
export const TRIGGER_MODE = { all: 1, any: 2 } as const;
/** Trigger (term) type: 1 a property, 2 the device state, 3 a timer. */
export const TERM_TYPES = [1, 2, 3] as const;
export const TERM_TYPE = { property: 1, deviceState: 2, timer: 3 } as const;
/** Device-state trigger: 1 going online or offline, 2 online, 3 offline. */
export const ONLINE_TYPES = [1, 2, 3] as const;
export const ONLINE_TYPE = { either: 1, up: 2, down: 3 } as const;
/**
 * Compare symbols 1–9: 1 =, 2 >, 3 <, 4 >=, 5 <=, then the four intervals between `value` and
 * `value2`: 6 (a, b) open, 7 [a, b] closed, 8 [a, b) closed-open, 9 (a, b] open-closed.
 */
export const COMPARE_SYMBOLS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type CompareSymbol = (typeof COMPARE_SYMBOLS)[number];
export const INTERVAL_SYMBOLS: readonly CompareSymbol[] = [6, 7, 8, 9];
/** Action type: 1 command a device, 2 send a notice, 3 call a web service. */
export const ACTION_TYPES = [1, 2, 3] as const;
export const ACTION_TYPE = { device: 1, notice: 2, webService: 3 } as const;
/** An action's outcome: 1 failed, 2 success. */
export const ACTION_STATUSES = [1, 2] as const;
export const ACTION_STATUS = { failed: 1, success: 2 } as const;
/** An execution's outcome: 1 failed (some action failed), 2 success, 3 stopped by the loop guard. */
export const LOG_STATUSES = [1, 2, 3] as const;
export const LOG_STATUS = { failed: 1, success: 2, stopped: 3 } as const;
/** Tactic: 1 normal (every time the condition holds), 2 repeat-suppress (not again within N minutes of a run). */
export const TACTICS = [1, 2] as const;
export const TACTIC = { normal: 1, suppress: 2 } as const;
/** What set an execution off: a property, a device state, a timer, or a user's "run now" (operate). */
export const FIRE_SOURCES = [1, 2, 3, 4] as const;
export const FIRE_SOURCE = { property: 1, deviceState: 2, timer: 3, manual: 4 } as const;
/** Body encodings of a web-service call. */
export const ENCODINGS = ["UTF-8", "GBK"] as const;
/** A device-execute action sets properties or calls a service of the device's thing model. */
export const DEVICE_CMD_TYPES = ["property", "service"] as const;

export const LINKAGE_ENUMS = {
  linkageActiveTime: ACTIVE_TIMES,
  linkageTriggerMode: TRIGGER_MODES,
  linkageTermType: TERM_TYPES,
  linkageOnlineType: ONLINE_TYPES,
  linkageSymbol: COMPARE_SYMBOLS,
  linkageActionType: ACTION_TYPES,
  linkageActionStatus: ACTION_STATUSES,
  linkageLogStatus: LOG_STATUSES,
  linkageTactic: TACTICS,
  linkageSource: FIRE_SOURCES,
  linkageCmdType: DEVICE_CMD_TYPES,
  linkageEncoding: ENCODINGS,
} as const;
