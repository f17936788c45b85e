import { ROBOT_ENUMS } from "./robot";

/**
 * Inspection robot enumerations (core §4), spread into `ENUMS`; labels in `messages/<locale>/enums.json`.
 * Run status, scheme status and publish status are the console's common ones (`runStatus`,
 * `schemeStatus`, `publishStatus` in `ENUMS`); their values are named here for the robot's rules.
 */

/** Run status of a task's dispatch to its robot: 1 pending, 2 running, 3 success, 9 failed. */
export const RUN_STATUS = { pending: 1, running: 2, success: 3, failed: 9 } as const;
/** Scheme (plan) status: 0 not started, 1 running, 2 done, 3 expired. */
export const SCHEME_STATUS = { notStarted: 0, running: 1, done: 2, expired: 3 } as const;
/** Publish status: 0 unpublished, 1 published, 2 publishing, 3 failed. */
export const PUBLISH_STATUS = { unpublished: 0, published: 1, publishing: 2, failed: 3 } as const;
/** Patrol status of a task: 0 not started, 1 running, 2 done, 3 expired, 4 abnormal. */
export const PATROL_STATUSES = [0, 1, 2, 3, 4] as const;
export const PATROL_STATUS = { notStarted: 0, running: 1, done: 2, expired: 3, abnormal: 4 } as const;
/** Inspection status of a task's point: 0 to inspect, 1 inspecting, 2 inspected. */
export const INSPECTION_STATUSES = [0, 1, 2] as const;
export const INSPECTION_STATUS = { toInspect: 0, inspecting: 1, inspected: 2 } as const;
/** Inspect status of a record: 0 normal, 1 abnormal. */
export const INSPECT_STATUSES = [0, 1] as const;
export const INSPECT_STATUS = { normal: 0, abnormal: 1 } as const;
/** Point type: 1 inspection point (location icon), 2 charging station (home icon). */
export const POINT_TYPES = [1, 2] as const;
export const POINT_TYPE = { inspection: 1, charging: 2 } as const;
/** Repetition: 1 repeat (on the cycle), 2 no repeat (once, at the start time). */
export const REPETITIONS = [1, 2] as const;
export const REPETITION = { repeat: 1, once: 2 } as const;
/** Work mode: 0 standard (the plan's cycle), 1 trigger (a task when an alarm or a person asks). */
export const WORK_MODES = [0, 1] as const;
export const WORK_MODE = { standard: 0, trigger: 1 } as const;
/** What an item inspects: 1 photo, 2 temperature, 3 gas, 4 meter reading, 5 visual check. */
export const ITEM_TYPES = [1, 2, 3, 4, 5] as const;
export const ITEM_TYPE = { photo: 1, temperature: 2, gas: 3, meter: 4, visual: 5 } as const;
/** The enable state of a plan: 1 enabled (tasks generated), 2 terminated (no new tasks). */
export const PLAN_ENABLED = { enabled: 1, terminated: 2 } as const;

export const ROBOT_DOMAIN_ENUMS = {
  ...ROBOT_ENUMS,
  patrolStatus: PATROL_STATUSES,
  inspectionStatus: INSPECTION_STATUSES,
  inspectStatus: INSPECT_STATUSES,
  pointType: POINT_TYPES,
  repetition: REPETITIONS,
  workMode: WORK_MODES,
  inspectionItemType: ITEM_TYPES,
} as const;
