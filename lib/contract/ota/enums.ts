/** OTA enumerations (core §4, §9), spread into `ENUMS`; labels in `messages/<locale>/enums.json`. */

/** Task status: 1 to upgrade (created or scheduled), 2 upgrading, 3 cancelled, 4 done. */
export const OTA_TASK_STATUSES = [1, 2, 3, 4] as const;
export const OTA_TASK_STATUS = { toUpgrade: 1, upgrading: 2, cancelled: 3, done: 4 } as const;
/** A task device's status: 1 to upgrade, 2 upgrading, 3 cancelled, 4 success, 5 failed. */
export const OTA_DEVICE_STATUSES = [1, 2, 3, 4, 5] as const;
export const OTA_DEVICE_STATUS = { toUpgrade: 1, upgrading: 2, cancelled: 3, success: 4, failed: 5 } as const;
/** Task type: 1 immediate, 2 scheduled. */
export const OTA_TASK_TYPES = [1, 2] as const;
export const OTA_TASK_TYPE = { immediate: 1, scheduled: 2 } as const;
/** Upgrade type: 1 full package, 2 differential (applies to one `fromVersion`). */
export const OTA_UPGRADE_TYPES = [1, 2] as const;
export const OTA_UPGRADE_TYPE = { full: 1, diff: 2 } as const;
/** Which devices a task targets: every device of the product, those below the package's version, a project's, a list. */
export const OTA_TARGETS = [1, 2, 3, 4] as const;
export const OTA_TARGET = { all: 1, below: 2, project: 3, list: 4 } as const;
/**
 * Where a running rollout stands: 0 running, 1 paused by the gate (waiting for a person),
 * 2 paused by a person, 3 aborted (failures over the abort threshold).
 */
export const OTA_HOLDS = [0, 1, 2, 3] as const;
export const OTA_HOLD = { none: 0, gate: 1, person: 2, aborted: 3 } as const;
/** The phase of an upgrading device, as its progress reports and the cloud tell it. */
export const OTA_PHASES = ["queued", "notified", "downloading", "downloaded", "verifying", "installing", "rebooting", "done"] as const;
export type OtaPhase = (typeof OTA_PHASES)[number];
/** Who caused an event of a task device: the device, the cloud's timer, or a person. */
export const OTA_SOURCES = ["device", "timer", "person"] as const;
export type OtaSource = (typeof OTA_SOURCES)[number];

/** Firmware package types (core §9). */
export const FIRMWARE_TYPES = ["bin", "tar", "gz", "tar.xz", "zip", "gzip", "apk", "dav", "pack"] as const;
/** The extensions a stored firmware file has (`tar.xz` is kept under its last part). */
export const FIRMWARE_EXTS = ["bin", "tar", "gz", "xz", "zip", "gzip", "apk", "dav", "pack"] as const;
/** The largest firmware image, in MB. */
export const FIRMWARE_MAX_MB = 512;

/** Rollout bounds (devices notified per minute, timeouts, retries). */
export const OTA_LIMITS = {
  rate: { min: 10, max: 10_000, default: 100 },
  /** Devices of a task downloading at once: past it a device is told to come back later (HTTP 429 and Retry-After). */
  maxDownloads: { min: 1, max: 10_000, default: 200 },
  timeoutMin: { min: 1, max: 1440, default: 30 },
  retries: { min: 0, max: 10, default: 1 },
  retryIntervalMin: { min: 0, max: 1440, default: 1 },
  devices: 10_000,
} as const;

export const OTA_ENUMS = {
  otaTaskStatus: OTA_TASK_STATUSES,
  otaDeviceStatus: OTA_DEVICE_STATUSES,
  otaTaskType: OTA_TASK_TYPES,
  otaUpgradeType: OTA_UPGRADE_TYPES,
  otaTarget: OTA_TARGETS,
  otaHold: OTA_HOLDS,
  otaPhase: OTA_PHASES,
  otaSource: OTA_SOURCES,
} as const;
