import { callsIn, type AnyCall } from "./call";
import type { Service } from "./services";
import * as battery from "./device/battery";
import * as deviceData from "./device/device-data";
import * as deviceOps from "./device/device-ops";
import * as deviceConfig from "./monitoring/device-config";
import * as pointGroup from "./monitoring/point-group";
import * as buildInfo from "./device/build-info";
import * as betonRule from "./device/beton-rule";
import * as linkage from "./linkage/api";
import * as scenes from "./scene/api";
import * as devices from "./device/device";

/** Devices, their operations, points, configuration, construction, calibration, linkage and scenes. */
const DEVICES = [devices, deviceOps, deviceConfig, pointGroup, buildInfo, betonRule, linkage, scenes];

/**
 * Every declared call, for what reads them all: the catalogue test, the OpenAPI document. A domain
 * adds its contract modules to its service's list when it declares calls; screens import the module itself.
 */
const MODULES: Record<Service, object[]> = {
  sys: [],

  device: [battery, deviceData, ...DEVICES],

  comm: [],

  stat: [],

  alarm: [],

  msg: [],

  file: [],

  push: [],
};

export const CATALOGUE: readonly AnyCall[] = Object.values(MODULES).flatMap((modules) => modules.flatMap((m) => callsIn(m as Record<string, unknown>)));
