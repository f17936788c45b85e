/** Alarm enumerations (core §4), spread into `ENUMS`; labels in `messages/<locale>/enums.json`. */

/** Alarm status: 1 pending, 2 handling, 3 awaiting review, 4 handled, 8 cleared. Only pending alarms can be cleared. */
export const ALARM_STATUS = { pending: 1, handling: 2, review: 3, handled: 4, cleared: 8 } as const;
/** An alarm still being dealt with: a new crossing of its rule and device joins it instead of raising another. */
export const OPEN_STATUSES = [ALARM_STATUS.pending, ALARM_STATUS.handling, ALARM_STATUS.review] as const;
/** 1 automatic (a rule), 2 manual (addManual). */
export const ALARM_TYPES = [1, 2] as const;
export const ALARM_TYPE = { auto: 1, manual: 2 } as const;
/**
 * Compare operators 1–5: 1 above the threshold (>), 2 at or above (>=), 3 below (<), 4 at or below
 * (<=), 5 outside the range min–max.
 */
export const COMPARE_TYPES = [1, 2, 3, 4, 5] as const;
export type CompareType = (typeof COMPARE_TYPES)[number];
export const COMPARE_RANGE = 5;

/** A level's condition as the alarm's text and timeline show it, e.g. "> 12.5" or "∉ [−5, 5]". */
export function conditionText(c: { compareType: number; threshold?: number | null; minValue?: number | null; maxValue?: number | null }): string {
  const ops: Record<number, string> = { 1: ">", 2: "≥", 3: "<", 4: "≤" };
  return c.compareType === COMPARE_RANGE ? `∉ [${c.minValue ?? "-∞"}, ${c.maxValue ?? "∞"}]` : `${ops[c.compareType] ?? "?"} ${c.threshold ?? ""}`;
}
/** What a rule compares: the value itself, its change since the first value, or its change over the last day. */
export const STAT_TYPES = ["not", "total", "dayRate"] as const;
export type StatType = (typeof STAT_TYPES)[number];
/**
 * 1 a value crossing, 2 the device going offline, 3 stale data (no value for N reporting cycles),
 * 4 an abnormal inspection reading of a robot (a record outside its item's normal range).
 */
export const RULE_TYPES = [1, 2, 3, 4] as const;
export const RULE_TYPE = { value: 1, offline: 2, stale: 3, inspection: 4 } as const;
/** Notification channels: 1 in-site, 2 SMS, 3 e-mail, 4 WeChat (not yet available). */
export const CHANNELS = [1, 2, 3, 4] as const;
export const CHANNEL = { site: 1, sms: 2, email: 3, wechat: 4 } as const;
/** Recipient link type: 1 contact, 2 contact group. */
export const LINK_TYPES = [1, 2] as const;
export const LINK_TYPE = { contact: 1, group: 2 } as const;
/** A notice went out (or into the outbox), failed, or its channel is not available. */
export const NOTICE_STATUSES = [1, 2, 3] as const;
export const NOTICE_STATUS = { sent: 1, failed: 2, unavailable: 3 } as const;
/** Alarm level numbers (core §5: at most 9). */
export const LEVEL_NUM = { min: 1, max: 9 } as const;

/** One level of a rule as an alarm keeps it: the condition and the level's name and colour then. */
export type AlarmConditionLevel = { compareType: number; threshold: number | null; minValue: number | null; maxValue: number | null; levelName: string | null; color: string | null };

/**
 * The rule's condition as an alarm keeps it: what crossed, whatever the rule becomes later. For a
 * value rule `compareType` … `maxValue` are those of the most severe level reached (`levelIndex`,
 * counted from the mildest), and `levels` all the rule's levels (the chart's threshold lines).
 */
export type AlarmCondition = {
  ruleType: number;
  statType: StatType;
  compareType: number;
  threshold: number | null;
  minValue: number | null;
  maxValue: number | null;
  deadband: number;
  staleCycles?: number | null;
  levelIndex?: number;
  levels?: AlarmConditionLevel[];
};

/** What an escalation step records: the value that reached the more severe level, that level, and its condition. */
export type AlarmEscalation = { value: number; levelNum: number | null; levelName: string | null; levelColor: string | null; condition: AlarmCondition };

/** An alarm's file (core §9: up to 5 files, 5 images, 2 videos). */
export type AlarmAttachment = { url: string; name: string; size?: number; kind?: "file" | "image" | "video" };

export const ALARM_ENUMS = {
  alarmType: ALARM_TYPES,
  compareType: COMPARE_TYPES,
  statType: STAT_TYPES,
  alarmRuleType: RULE_TYPES,
  linkType: LINK_TYPES,
  noticeStatus: NOTICE_STATUSES,
} as const;

/** Review result 1 approved, 2 not approved. */
export const CHECK_RESULTS = [1, 2] as const;
/** Every recorded step of an alarm's life, in the timeline. */
export const ALARM_STEPS = ["raise", "edit", "escalate", "accept", "handle", "approve", "reject", "close", "clear"] as const;
