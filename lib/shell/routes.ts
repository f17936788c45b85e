/**
 * The route catalogue (core §2): every console route with its title (message key
 * `shell.routes.<name>`), keep-alive (off for detail pages), full-screen (outside the shell and
 * the tab bar) and needs-project flags. Menu entries, tabs, breadcrumbs, the back action and the
 * command palette all read it from here.
 */
export type RouteDef = {
  /** Route name: the last path segment unless stated; unique; the back action accepts it. */
  name: string;
  path: string;
  keepAlive: boolean;
  fullScreen: boolean;
  needsProject: boolean;
  /** Opened from the menu in a new browser tab with `tId` and `projId` (the data screens). */
  newWindow: boolean;
  /** Not a tab: login, file preview and full-screen routes. */
  tab: boolean;
  /** A detail page's list: its menu entry is the one shown active and its breadcrumbs lead there. */
  parent?: string;
};

type Flags = Partial<Omit<RouteDef, "path">>;
const r = (path: string, flags: Flags = {}): RouteDef => {
  const fullScreen = flags.fullScreen ?? false;
  return {
    name: flags.name ?? path.split("/").filter(Boolean).at(-1)!,
    path,
    keepAlive: flags.keepAlive ?? true,
    fullScreen,
    needsProject: flags.needsProject ?? false,
    newWindow: flags.newWindow ?? false,
    tab: flags.tab ?? !fullScreen,
    ...(flags.parent ? { parent: flags.parent } : {}),
  };
};
const detail = (parent?: string): Flags => ({ keepAlive: false, parent });
const under = (prefix: string, names: string[], flags: Record<string, Flags> = {}) => names.map((n) => r(`${prefix}/${n}`, flags[n]));
const dataScreen: Flags = { fullScreen: true, needsProject: true, newWindow: true };

export const ROUTES: readonly RouteDef[] = [
  r("/login", { tab: false }),
  r("/previewFile", { tab: false }),
  r("/home"),
  ...under(
    "/systemSet",
    ["menuSet", "roleSet", "groupSet", "departmentSet", "userSet", "userSetInfo", "pwdMode", "tenantSet", "tenantInfo", "tenantRoleSet", "dictSet", "loginPage", "companyInfo", "companyColor", "phoneSet", "expire", "retention", "securitySet", "apiKeys", "tenantApiKeys", "notificationTemplate"],
    { userSetInfo: detail("/systemSet/userSet"), tenantInfo: detail("/systemSet/tenantSet"), apiKeys: detail("/systemSet/securitySet") },
  ),
  r("/projects/project"),
  r("/spaces/space"),
  ...under("/devices", ["device", "viewDevice", "handleLog", "calibrationRules", "allDevices", "dataPush"], { viewDevice: detail("/devices/device"), calibrationRules: { needsProject: true } }),
  ...under("/productSet", ["connect", "objFunction", "objModel", "objModelInfo", "prodFunctionSet", "product", "productInfo"], { objModelInfo: detail("/productSet/objModel"), productInfo: detail("/productSet/product") }),
  ...under("/prodCopy", ["prodCopyList", "prodCopyInfo"], { prodCopyInfo: detail("/prodCopy/prodCopyList") }),
  r("/operations/operation", { needsProject: true }),
  r("/videoSurveillances/videoSurveillance"),
  ...under(
    "/robot",
    ["track", "inspectionRecord", "inspectionPointStatistics", "inspectionTaskStatistics", "timeoutTaskStatistics", "robotTaskStatistics", "point", "inspectionItem", "plan", "task", "taskItem"],
    { inspectionItem: detail(), taskItem: detail("/robot/task") },
  ),
  r("/robot/inspectionRecord/viewInspectionRecord", detail("/robot/inspectionRecord")),
  r("/operations/robotControl", { fullScreen: true }),
  r("/operations/deployRobotControl", { fullScreen: true }),
  ...under("/operationMonitoring", ["tilt", "tiltDis", "beton", "acceleration", "settlement", "inclinometer", "water", "waterHeight", "anchor", "axialforce", "dis", "horizontalDis", "weather"]),
  r("/OTAUpdate"),
  r("/OTATaskInfo", detail("/OTAUpdate")),
  ...under("/alarm", ["levelSet", "alarmLink", "alarmRule", "alarmCenter", "alarmCenterInfo"], { alarmCenterInfo: detail("/alarm/alarmCenter") }),
  r("/pointCorrelation/page", { name: "pointCorrelation" }),
  r("/pointCorrelation/pointDetails", detail("/pointCorrelation/page")),
  ...under("/msg", ["todo", "station", "stationInfo"], { stationInfo: detail("/msg/station") }),
  r("/globalDataScreen", dataScreen),
  r("/houseDataScreen", dataScreen),
  r("/globalDataScreen1", dataScreen),
  r("/dataScreenSet"),
  r("/dataScreenPoint"),
  r("/battery"),
  r("/debug"),
  r("/AIModel/index", { name: "AIModel" }),
  r("/linkage"),
  r("/linkage/log", { name: "linkageLog", keepAlive: false }),
  r("/knowledge"),
  r("/knowledgeLog"),
  r("/constructionRecord"),
  ...under("/sim", ["sim", "simInfo", "simStat", "simOrder", "simOrderInfo", "simClient", "simProduct", "simSet"], { simInfo: detail("/sim/sim"), simOrderInfo: detail("/sim/simOrder") }),
  r("/reportList", { needsProject: true }),
  r("/reportPlan", { needsProject: true }),
  r("/reportTemplate", { needsProject: true }),
  r("/editTemplate", detail("/reportTemplate")),
  r("/media/library", { name: "mediaLibrary" }),
  r("/page/page1"),
  r("/page/page2"),
  r("/page/page3"),
  r("/exportTemplate", detail("/reportList")),
  r("/quillEditor", detail("/media/library")),
];

const byPath = new Map(ROUTES.map((d) => [d.path.toLowerCase(), d]));
const byName = new Map(ROUTES.map((d) => [d.name, d]));

export const HOME_PATH = "/home";
const LOGIN_PATH = "/login";

/** Pathname without query, hash or trailing slash. */
export function pathOnly(href: string): string {
  const p = href.split(/[?#]/)[0].replace(/\/+$/, "");
  return p || "/";
}

/** The catalogue entry of a path (query ignored; paths compare case-insensitively), or undefined. */
export const routeByPath = (href: string) => byPath.get(pathOnly(href).toLowerCase());
export const routeByName = (name: string) => byName.get(name);
export const titleKey = (route: RouteDef) => `routes.${route.name}` as const;

/**
 * The back action's target (widgets §2): a string with a slash is a path, another string a named
 * route, none means history. Login is never a target: home instead.
 */
export function backTarget(back: string | undefined): { kind: "history" } | { kind: "href"; href: string } {
  if (!back) return { kind: "history" };
  const href = back.includes("/") ? back : (routeByName(back)?.path ?? HOME_PATH);
  return { kind: "href", href: pathOnly(href) === LOGIN_PATH ? HOME_PATH : href };
}
