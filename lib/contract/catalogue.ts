import { callsIn, type AnyCall } from "./call";
import type { Service } from "./services";
import * as ai from "./ai/chat";
import * as alarmCenter from "./alarm/alarm-center";
import * as alarmContact from "./alarm/contact";
import * as alarmLevel from "./alarm/level";
import * as alarmRule from "./alarm/rule";
import * as battery from "./device/battery";
import * as concrete from "./device/concrete";
import * as connect from "./device/connect";
import * as debug from "./device/debug";
import * as deviceData from "./device/device-data";
import * as product from "./device/product";
import * as project from "./project";
import * as space from "./device/space";
import * as ingest from "./device/ingest";
import * as brokerHooks from "./device/broker-hooks";
import * as instruct from "./device/instruct";
import * as knowledge from "./knowledge/knowledge";
import * as media from "./media/media-library";
import * as upload from "./upload";
import * as auth from "./auth";
import * as company from "./system/company-settings";
import * as department from "./system/department";
import * as dict from "./system/dict";
import * as group from "./system/group";
import * as menu from "./system/menu";
import * as pwdMode from "./system/pwd-mode";
import * as retention from "./system/retention";
import * as role from "./system/role";
import * as safety from "./system/safety";
import * as tenant from "./system/tenant";
import * as area from "./system/area";
import * as user from "./system/user";
import * as search from "./search";
import * as apiKey from "./system/api-key";
import * as deviceOps from "./device/device-ops";
import * as deviceConfig from "./monitoring/device-config";
import * as pointGroup from "./monitoring/point-group";
import * as buildInfo from "./device/build-info";
import * as betonRule from "./device/beton-rule";
import * as linkage from "./linkage/api";
import * as scenes from "./scene/api";
import * as devices from "./device/device";
import * as live from "./live/live";
import * as video from "./video/video";
import * as ota from "./ota/api";
import * as otaTasks from "./ota/task-api";
import * as robotControl from "./robot/control";
import * as simAccount from "./sim/account";
import * as simAlarm from "./sim/alarm";
import * as simCard from "./sim/card";
import * as simCust from "./sim/customer";
import * as simExpire from "./sim/expire";
import * as simOrder from "./sim/order";
import * as simProd from "./sim/product";
import * as simRecord from "./sim/record";

/** SIM cards, their plans, customers, orders, records and expiry rules. */
const SIM = [simAccount, simAlarm, simCard, simCust, simExpire, simOrder, simProd, simRecord];

/** Devices, their operations, points, configuration, construction, calibration, linkage and scenes. */
const DEVICES = [devices, deviceOps, deviceConfig, pointGroup, buildInfo, betonRule, linkage, scenes, video, ota, otaTasks, robotControl];
import * as home from "./home";
import * as message from "./message";
import * as analysis from "./monitoring/analysis";
import * as depthProfile from "./monitoring/depth-profile";
import * as pushConfig from "./push/config";
import * as monitorScreen from "./screen/monitor-screen";
import * as template from "./system/template";
import * as robotTrack from "./robot/track";
import * as robotPoint from "./robot/point";
import * as robotItem from "./robot/item";
import * as robotPlan from "./robot/plan";
import * as robotTask from "./robot/task";
import * as robotRecord from "./robot/record";

/** Inspection robots: tracks, points, items, plans, tasks, records and their statistics. */
const ROBOTS = [robotTrack, robotPoint, robotItem, robotPlan, robotTask, robotRecord];
import * as reportTemplate from "./report/template";
import * as reportPlan from "./report/plan";
import * as reportInfo from "./report/report";
import * as customPage from "./report/page";

/**
 * Every declared call, for what reads them all: the catalogue test, the OpenAPI document. A domain
 * adds its contract modules to its service's list when it declares calls; screens import the module itself.
 */
const MODULES: Record<Service, object[]> = {
  sys: [auth, company, department, dict, group, menu, pwdMode, retention, role, safety, tenant, area, user, search, apiKey],

  device: [battery, deviceData, project, space, product, ...DEVICES, ...SIM],

  comm: [connect, ingest, brokerHooks, debug, concrete, instruct, live],

  stat: [analysis, depthProfile, home, monitorScreen, reportTemplate, reportPlan, reportInfo, customPage, ...ROBOTS],

  alarm: [alarmCenter, alarmContact, alarmLevel, alarmRule],

  msg: [message, template],

  file: [upload, knowledge, ai, media],

  push: [pushConfig],
};

export const CATALOGUE: readonly AnyCall[] = Object.values(MODULES).flatMap((modules) => modules.flatMap((m) => callsIn(m as Record<string, unknown>)));
