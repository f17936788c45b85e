/** Data-push enumerations (core §4), spread into `ENUMS`; labels in `messages/<locale>/enums.json`. */

/** Where a push goes: HTTP POST or GET (core §4), a bridge to an external MQTT broker, or Kafka. */
export const PUSH_METHODS = ["POST", "GET", "MQTT", "KAFKA"] as const;
export type PushMethod = (typeof PUSH_METHODS)[number];
export const HTTP_METHODS: readonly PushMethod[] = ["POST", "GET"];
/** What is pushed: 1 telemetry (stored values), 2 alarms (when raised). */
export const PUSH_DATA = [1, 2] as const;
export const PUSH_DATA_KIND = { telemetry: 1, alarm: 2 } as const;
/** Which devices: 1 every device of the project, 2 the chosen ones. */
export const PUSH_DEVICE_SCOPES = [1, 2] as const;
export const PUSH_DEVICE_SCOPE = { all: 1, chosen: 2 } as const;
/** Body encodings (core §4). */
export const PUSH_ENCODINGS = ["UTF-8", "GBK"] as const;
/** One attempt's outcome (core §4): 1 success, 2 failed (refused or an error answer), 3 no response. */
export const PUSH_STATUS = { success: 1, failed: 2, noResponse: 3 } as const;

export const PUSH_ENUMS = {
  pushMethod: PUSH_METHODS,
  pushData: PUSH_DATA,
  pushDeviceScope: PUSH_DEVICE_SCOPES,
  pushEncoding: PUSH_ENCODINGS,
} as const;
