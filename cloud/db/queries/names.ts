import type { Locale } from "@/lib/contract/locale";
import { devices, otaPackages, otaTasks, projects, robotPlans, robotPoints, robotTasks, robotTracks, scenes, spaces, tenants, users } from "../schema";
import { joinedText } from "../../lib/i18n-text";

/**
 * Names of multilingual rows in the caller's language, for selects that join them (a list showing
 * a device's project, an alarm's device, a task's package): the row's text in `locale` from its
 * `i18n` column, else its own. Rows read whole answer through `localized` instead.
 */
export const deviceNameIn = (locale: Locale) => joinedText(locale, devices.deviceName, devices.i18n, "deviceName");
export const projectNameIn = (locale: Locale) => joinedText(locale, projects.prjName, projects.i18n, "prjName");
export const spaceNameIn = (locale: Locale) => joinedText(locale, spaces.spaceName, spaces.i18n, "spaceName");
export const tenantNameIn = (locale: Locale) => joinedText(locale, tenants.name, tenants.i18n, "name");
export const userNameIn = (locale: Locale) => joinedText(locale, users.realname, users.i18n, "realname");
export const packageNameIn = (locale: Locale) => joinedText(locale, otaPackages.packageName, otaPackages.i18n, "packageName");
export const otaTaskNameIn = (locale: Locale) => joinedText(locale, otaTasks.taskName, otaTasks.i18n, "taskName");
export const trackNameIn = (locale: Locale) => joinedText(locale, robotTracks.trackName, robotTracks.i18n, "trackName");
export const robotPointNameIn = (locale: Locale) => joinedText(locale, robotPoints.pointName, robotPoints.i18n, "pointName");
export const robotTaskNameIn = (locale: Locale) => joinedText(locale, robotTasks.taskName, robotTasks.i18n, "taskName");
export const planNameIn = (locale: Locale) => joinedText(locale, robotPlans.schemeName, robotPlans.i18n, "schemeName");
export const sceneNameIn = (locale: Locale) => joinedText(locale, scenes.sceneName, scenes.i18n, "sceneName");
