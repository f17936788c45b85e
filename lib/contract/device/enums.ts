/** The product and thing-model enumerations (core §4), values only: the entity contracts import them from here, so a screen that needs a dictionary does not load the device contracts. */

/** Battery type (core §4): 0 rechargeable, 1 not rechargeable. */
export const BATTERY_TYPES = [0, 1] as const;

/** Concrete enumerations (core §4): air type, hardening type, coefficient type, aggregate of the sensors. */
export const AIR_TYPES = [0, 1] as const;
export const HARDEN_TYPES = [1, 2, 0] as const;
export const COEF_TYPES = [0, 1] as const;
export const AGGREGATES = [0, 1, 2, 3] as const;

/** Construction record type (core §4): 1 first install, 2 later maintenance. */
export const BUILD_TYPES = [1, 2] as const;

/**
 * Command types (core §4): set properties, call a service, change the reporting cycle, or one of
 * the maintenance calls every device answers (restart, re-initialise, laser on).
 */
export const COMMAND_TYPES = ["property", "service", "cycle", "reboot", "init", "laserOn"] as const;

/** Thing-model data types. */
export const DATA_TYPES = ["int32", "int32u", "float", "double", "enum", "bool", "text", "date", "struct", "array"] as const;
/** The numeric data types (charted, ranged, compared by alarm rules). Here, not in the thing model: the device page reads it. */
export const NUMERIC_TYPES = ["int32", "int32u", "float", "double"] as const;
/** 1 property, 2 event, 3 service. */
export const FUNC_TYPES = [1, 2, 3] as const;
export const ACCESS_MODES = ["r", "rw"] as const;
export const EVENT_TYPES = ["info", "alarm", "breakdown"] as const;
export const CALL_MODES = ["async", "sync"] as const;

/** Kinds of space (labels in enums.json `spaceType`). */
export const SPACE_TYPES = ["building", "floor", "room", "area", "section", "other"] as const;

/** How a device is powered. */
export const POWER_SUPPLIES = ["mains", "battery", "solar"] as const;

/** Product enumerations (core §4); labels in `messages/<locale>/enums.json`. */
export const PROD_TYPES = ["device", "gateway", "subDevice"] as const;
export const NET_TYPES = ["mqtt", "kafka", "tcp", "http"] as const;
export const DATA_FORMATS = ["json", "JL", "modbus"] as const;
export const GATEWAY_TYPES = ["Modbus", "LoRa"] as const;
export const VERIFY_TYPES = ["secret", "none"] as const;
/** Object-model types: 1 basic, 2 advanced. */
export const OBJ_MODEL_TYPES = [1, 2] as const;
export const CONNECT_TYPES = ["system", "device"] as const;
export const METHOD_TYPES = ["BASE", "FUNCTION"] as const;
/** The monitoring screens of core §2 a sensor product feeds (/operationMonitoring/<kind>). */
export const MONITOR_KINDS = ["tilt", "tiltDis", "beton", "acceleration", "settlement", "inclinometer", "water", "waterHeight", "anchor", "axialforce", "dis", "horizontalDis", "weather"] as const;

/** The product and thing-model enumerations (core §4), spread into `ENUMS`; labels in enums.json. */
export const DEVICE_ENUMS = {
  funcType: FUNC_TYPES,
  dataType: DATA_TYPES,
  accessMode: ACCESS_MODES,
  eventType: EVENT_TYPES,
  callMode: CALL_MODES,
  prodType: PROD_TYPES,
  netType: NET_TYPES,
  dataFormat: DATA_FORMATS,
  gatewayType: GATEWAY_TYPES,
  verifyType: VERIFY_TYPES,
  objModelType: OBJ_MODEL_TYPES,
  connectType: CONNECT_TYPES,
  methodType: METHOD_TYPES,
  monitorKind: MONITOR_KINDS,
  copyOwner: ["platform", "own"],
  spaceType: SPACE_TYPES,
  powerSupply: POWER_SUPPLIES,
  commandType: COMMAND_TYPES,
  batteryType: BATTERY_TYPES,
  buildType: BUILD_TYPES,
  airType: AIR_TYPES,
  hardenType: HARDEN_TYPES,
  coefType: COEF_TYPES,
  aggregateType: AGGREGATES,
} as const;
