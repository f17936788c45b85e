import { callsIn, type AnyCall } from "./call";
import type { Service } from "./services";
import * as alarmCenter from "./alarm/alarm-center";
import * as alarmContact from "./alarm/contact";
import * as alarmLevel from "./alarm/level";
import * as alarmRule from "./alarm/rule";
import * as battery from "./device/battery";
import * as deviceData from "./device/device-data";
import * as home from "./home";
import * as message from "./message";
import * as analysis from "./monitoring/analysis";
import * as depthProfile from "./monitoring/depth-profile";
import * as pushConfig from "./push/config";
import * as monitorScreen from "./screen/monitor-screen";
import * as template from "./system/template";

/**
 * Every declared call, for what reads them all: the catalogue test, the OpenAPI document. A domain
 * adds its contract modules to its service's list when it declares calls; screens import the module itself.
 */
const MODULES: Record<Service, object[]> = {
  sys: [],

  device: [battery, deviceData],

  comm: [],

  stat: [analysis, depthProfile, home, monitorScreen],

  alarm: [alarmCenter, alarmContact, alarmLevel, alarmRule],

  msg: [message, template],

  file: [],

  push: [pushConfig],
};

export const CATALOGUE: readonly AnyCall[] = Object.values(MODULES).flatMap((modules) => modules.flatMap((m) => callsIn(m as Record<string, unknown>)));
