import { BATTERY_TYPES } from "./battery";
import { AGGREGATES, AIR_TYPES, COEF_TYPES, HARDEN_TYPES } from "./beton-rule";
import { BUILD_TYPES } from "./build-info";
import { COMMAND_TYPES } from "./command";
import { ACCESS_MODES, CALL_MODES, DATA_TYPES, EVENT_TYPES, FUNC_TYPES } from "./thing-model";
import { SPACE_TYPES } from "./space";
import { POWER_SUPPLIES } from "./device";
import { CONNECT_TYPES, DATA_FORMATS, GATEWAY_TYPES, METHOD_TYPES, MONITOR_KINDS, NET_TYPES, OBJ_MODEL_TYPES, PROD_TYPES, VERIFY_TYPES } from "./product";

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
