import { DEVICE_ENUMS } from "./device/enums";
import { MONITORING_ENUMS } from "./monitoring/enums";
import { ALARM_ENUMS, ALARM_STEPS, CHECK_RESULTS } from "./alarm/enums";
import { API_KEY_ACCESS, API_KEY_STATUS, API_KEY_TTL } from "./system/api-key-enums";
import { PUSH_ENUMS } from "./push/enums";
import { LINKAGE_ENUMS } from "./linkage/enums";
import { SCENE_ENUMS } from "./scene/enums";
import { OTA_ENUMS } from "./ota/enums";
import { SIM_ENUMS } from "./sim/enums";
import { ROBOT_DOMAIN_ENUMS } from "./robot/enums";
import { REPORT_ENUMS } from "./report/enums";
import { CHANGE_PWD_FLAGS, NOTIFY_FLAGS, PASSWORD_RULES, PASSWORD_TEMPLATES } from "./password-enums";

/** Read status 0 unread, 1 read; to-do status 1 pending, 2 awaiting review, 3 handled (core §4). */
export const READ_STATUS = [0, 1] as const;
export const TODO_STATUS = [1, 2, 3] as const;
/** ala: an alarm; alaManual: a manual alarm; notice: anything else. */
export const MSG_TYPES = ["ala", "alaManual", "notice"] as const;

/** 1 folder, 2 image, 3 video (core §4 file types 2 image, 3 video), 4 rich-text document (/quillEditor); labels in enums.json `mediaFileType`. */
export const MEDIA_TYPES = [1, 2, 3, 4] as const;

/**
 * The static enumerations of core §4, values only. Labels live in `messages/<locale>/enums.json`
 * under `<name>.<value>`; the kit's `useDict(name)` turns a name into options. Dictionaries that
 * administrators edit (the dictSet screen) come from the server instead.
 */
export const ENUMS = {
  /** 1 enabled, 2 disabled: the common switch of most entities. */
  enableState: [1, 2],
  /** 0 not enabled, 1 enabled, 2 disabled, 3 expired (tenants, accounts with a validity). */
  enableStateExpiry: [0, 1, 2, 3],
  /** 1 enabled, 0 disabled (report plans, switch1 columns). */
  enableFlag: [1, 0],
  sex: [1, 2],
  /** 1 show, 2 hide (menus). */
  showFlag: [1, 2],
  /** 1 in-site, 2 SMS, 3 e-mail, 4 WeChat (not yet available). */
  notifyChannel: [1, 2, 3, 4],
  readStatus: READ_STATUS,
  todoStatus: TODO_STATUS,
  msgType: MSG_TYPES,
  passwordRule: PASSWORD_RULES,
  passwordTemplate: PASSWORD_TEMPLATES,
  notifyFlag: NOTIFY_FLAGS,
  changePwdFlag: CHANGE_PWD_FLAGS,
  monitorType: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  runStatus: [1, 2, 3, 9],
  /** 1 inactive, 2 online, 3 offline. */
  deviceStatus: [1, 2, 3],
  commandStatus: [0, 1, 2, 3],
  schemeStatus: [0, 1, 2, 3],
  publishStatus: [0, 1, 2, 3],
  alarmStatus: [1, 2, 3, 4, 8],
  alarmCloseReason: [1, 2],
  /** The steps of an alarm's timeline; review 1 approved, 2 not approved. */
  alarmStep: ALARM_STEPS,
  checkResult: CHECK_RESULTS,
  importState: [0, 1],
  pushStatus: [1, 2, 3],
  /** Operation log types 1 new … 9 delete. */
  operationType: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  /** Media library items: 1 folder, 2 image, 3 video (core §4 file types). */
  mediaFileType: MEDIA_TYPES,
  tenantDuration: [7, 30, 90],
  /** Role kinds: 1 management (user) role, 2 tenant role. */
  roleKind: [1, 2],
  /** 1 ordinary user, 2 may change knowledge-base owners. */
  userIdentity: [1, 2],
  menuType: ["menu", "button"],
  httpMethod: ["GET", "POST"],
  /** Personal API keys: 0 read-only, 1 read-write; 1 active, 2 expired, 3 revoked; lifetimes in days. */
  apiKeyAccess: API_KEY_ACCESS,
  apiKeyStatus: API_KEY_STATUS,
  apiKeyTtl: API_KEY_TTL,
  ...DEVICE_ENUMS,
  ...MONITORING_ENUMS,
  ...ALARM_ENUMS,
  ...PUSH_ENUMS,
  ...LINKAGE_ENUMS,
  ...SCENE_ENUMS,
  ...OTA_ENUMS,
  ...SIM_ENUMS,
  ...ROBOT_DOMAIN_ENUMS,
  ...REPORT_ENUMS,
} as const;

export type EnumName = keyof typeof ENUMS;
export type EnumValue<N extends EnumName> = (typeof ENUMS)[N][number];

export function isEnumName(name: string): name is EnumName {
  return Object.prototype.hasOwnProperty.call(ENUMS, name);
}
