import { MONITOR_KINDS } from "@/lib/contract/device/enums";
import type { MonitorKind } from "@/lib/contract/device/product";
import { t } from "../lib/i18n";
import { HANDLE_PERM } from "@/lib/contract/alarm/workflow";
import { ROBOT_DRIVE_PERM } from "@/lib/contract/robot/control";
import { API_KEY_ADMIN_SCREEN, API_KEY_REVOKE_PERM } from "@/lib/contract/system/api-key";

/** The seeded menu trees (core §2 route catalogue, §6 permission codes). A node is a menu entry
 *  or, with `perms` and no `path`, a button: a permission code, never shown as an entry. */
export type MenuSeed = {
  name: string;
  nameEn: string;
  icon?: string;
  path?: string;
  perms?: string;
  frame?: 1;
  framePath?: string;
  children?: MenuSeed[];
};

const m = (name: string, nameEn: string, path: string, icon: string, children?: MenuSeed[]): MenuSeed => ({ name, nameEn, path, icon, children });
const dir = (name: string, nameEn: string, icon: string, children: MenuSeed[]): MenuSeed => ({ name, nameEn, icon, children });
const b = (name: string, nameEn: string, perms: string): MenuSeed => ({ name, nameEn, perms });

/** Add / edit / delete buttons of one list screen. */
const crud = (code: string) => [b("新增", "Add", `${code}:add`), b("修改", "Edit", `${code}:upd`), b("删除", "Delete", `${code}:del`)];

const system = (side: "sys" | "tenant"): MenuSeed =>
  dir("系统设置", "System settings", "settings", [
    m("菜单管理", "Menus", "/systemSet/menuSet", "list-tree", crud("sys:menu")),
    m(side === "sys" ? "管理角色" : "角色管理", side === "sys" ? "Management roles" : "Roles", "/systemSet/roleSet", "shield", [...crud("sys:role"), b("分配权限", "Assign permissions", "sys:role:auth")]),
    ...(side === "sys"
      ? [
          m("租户角色", "Tenant roles", "/systemSet/tenantRoleSet", "shield-check", [...crud("sys:tenantRole"), b("分配权限", "Assign permissions", "sys:tenantRole:auth")]),
          m("租户管理", "Tenants", "/systemSet/tenantSet", "building-2", [...crud("sys:tenant"), b("菜单授权", "Menu authorisation", "sys:tenant:auth"), b("重置密码", "Reset password", "sys:tenant:resetPwd"), b("启用/禁用", "Enable/disable", "sys:tenant:openOrClose")]),
        ]
      : []),
    m("用户组", "User groups", "/systemSet/groupSet", "users-round", crud("sys:group")),
    m("部门管理", "Departments", "/systemSet/departmentSet", "network", crud("sys:department")),
    m("用户管理", "Users", "/systemSet/userSet", "user-cog", [...crud("sys:user"), b("重置密码", "Reset password", "sys:user:resetPwd"), b("启用/禁用", "Enable/disable", "sys:user:openOrClose")]),
    m("字典管理", "Dictionaries", "/systemSet/dictSet", "book-a", crud("sys:dict")),
    m("密码策略", "Password policy", "/systemSet/pwdMode", "key-round", [b("保存", "Save", "sys:pwdMode:save")]),
    m("登录页设置", "Login page", "/systemSet/loginPage", "log-in", [b("保存", "Save", "sys:company:saveLogin")]),
    m("企业信息", "Company info", "/systemSet/companyInfo", "badge-info", [b("保存", "Save", "sys:company:saveComp")]),
    m("主题色", "Theme colour", "/systemSet/companyColor", "palette", [b("保存", "Save", "sys:company:saveColor")]),
    m("号码隐私", "Phone masking", "/systemSet/phoneSet", "eye-off", [b("保存", "Save", "sys:company:saveEncrypt")]),
    ...(side === "sys" ? [m("到期提醒", "Expiry warning", "/systemSet/expire", "alarm-clock", [b("保存", "Save", "sys:expire:save")])] : []),
    m("数据保留", "Data retention", "/systemSet/retention", "history", [b("保存", "Save", "sys:retention:save")]),
    m("安全设置", "Security", "/systemSet/securitySet", "lock"),
    m("API 密钥管理", "Tenant API keys", API_KEY_ADMIN_SCREEN, "key-round", [b("吊销", "Revoke", API_KEY_REVOKE_PERM)]),
    m("通知模板", "Notification templates", "/systemSet/notificationTemplate", "mail", crud("msg:template")),
  ]);

const productConfig = dir("产品配置", "Product configuration", "boxes", [
  m("产品管理", "Products", "/productSet/product", "package", crud("dev:product")),
  m("连接配置", "Connections", "/productSet/connect", "plug", crud("comm:connect")),
  m("物模型", "Thing models", "/productSet/objModel", "cuboid", crud("dev:objModel")),
  m("物模型功能", "Model functions", "/productSet/objFunction", "function-square", crud("dev:objFunction")),
  m("产品功能配置", "Product functions", "/productSet/prodFunctionSet", "sliders-horizontal", crud("dev:prodFunction")),
  m("产品副本", "Product copies", "/prodCopy/prodCopyList", "copy", [...crud("dev:prodCopy"), b("订阅/退订", "Subscribe/unsubscribe", "dev:prodCopy:subscribe")]),
]);

const sim = dir("物联网卡", "SIM cards", "sim-card", [
  m("物联网卡", "SIM cards", "/sim/sim", "sim-card", crud("dev:simCard")),
  m("卡统计", "SIM statistics", "/sim/simStat", "chart-pie"),
  m("卡订单", "SIM orders", "/sim/simOrder", "receipt", crud("dev:simOrder")),
  m("客户管理", "Customers", "/sim/simClient", "contact", crud("dev:simCust")),
  m("产品类别", "Product categories", "/sim/simProduct", "tags", crud("dev:simProd")),
  m("卡设置", "SIM settings", "/sim/simSet", "calendar-clock", [...crud("dev:simExpire"), ...crud("dev:simAccount"), b("告警设置", "Alarm settings", "dev:simAlarm:upd")]),
]);

const knowledge = dir("知识库", "Knowledge base", "library", [
  m("知识库", "Knowledge base", "/knowledge", "book-open", [
    b("新增知识库", "Add knowledge base", "file:header:add"),
    b("移动文件夹", "Move folder", "file:fileBase:moveFile"),
  ]),
  m("知识库日志", "Knowledge log", "/knowledgeLog", "scroll-text"),
  m("AI 助手", "AI assistant", "/AIModel/index", "bot"),
]);

/** Upload and new folder, rename and move, delete to the recycle bin (and restore or delete for good). */
const media = m("媒体库", "Media library", "/media/library", "images", crud("file:mediaLibrary"));

export const sysMenuTree: MenuSeed[] = [
  system("sys"),
  productConfig,
  dir("设备", "Devices", "cpu", [
    m("全部设备", "All devices", "/devices/allDevices", "server", crud("dev:device")),
    m("OTA 升级", "OTA updates", "/OTAUpdate", "cloud-upload", crud("dev:ota")),
    m("电池系统", "Battery system", "/battery", "battery-charging", crud("dev:battery")),
    m("在线调试", "Online debugging", "/debug", "bug"),
  ]),
  sim,
  knowledge,
  media,
];

/** The monitoring screens' menu icons. */
const MONITOR_ICONS: Record<MonitorKind, string> = {
  tilt: "move-diagonal",
  tiltDis: "move-diagonal-2",
  beton: "thermometer",
  acceleration: "gauge",
  settlement: "arrow-down-to-line",
  inclinometer: "ruler",
  water: "waves",
  waterHeight: "droplets",
  anchor: "anchor",
  axialforce: "arrow-left-right",
  dis: "move",
  horizontalDis: "move-horizontal",
  weather: "cloud-sun",
};

/** One entry per monitoring screen (/operationMonitoring/<kind>), named as its route is in the shell. */
const monitoring = dir(
  "监测数据",
  "Monitoring",
  "activity",
  MONITOR_KINDS.map((kind) => m(t("zh-cn", `shell.routes.${kind}`), t("en", `shell.routes.${kind}`), `/operationMonitoring/${kind}`, MONITOR_ICONS[kind])),
);

export const tenantMenuTree: MenuSeed[] = [
  dir("项目", "Projects", "folder-kanban", [
    m("项目管理", "Projects", "/projects/project", "folder-kanban", crud("dev:project")),
    m("空间管理", "Spaces", "/spaces/space", "layout-grid", crud("dev:space")),
    m("施工记录", "Construction records", "/constructionRecord", "hard-hat", crud("dev:buildInfo")),
  ]),
  dir("设备管理", "Devices", "cpu", [
    m("设备列表", "Devices", "/devices/device", "cpu", [...crud("dev:device"), b("设置初始值", "Set initial values", "dev:deviceConfig:updConfig")]),
    m("操作日志", "Handling log", "/devices/handleLog", "history"),
    m("计算规则", "Calibration rules", "/devices/calibrationRules", "calculator", crud("dev:betonRule")),
    m("数据推送", "Data push", "/devices/dataPush", "send", crud("push:pushConfig")),
    m("测点关联", "Point correlation", "/pointCorrelation/page", "link", crud("dev:pointGroup")),
    m("联动规则", "Linkage", "/linkage", "workflow", crud("dev:linkage")),
    m("在线调试", "Online debugging", "/debug", "bug"),
    m("电池系统", "Battery system", "/battery", "battery-charging", crud("dev:battery")),
  ]),
  productConfig,
  sim,
  monitoring,
  dir("告警", "Alarms", "siren", [
    m("告警中心", "Alarm centre", "/alarm/alarmCenter", "bell-ring", [
      b("处理", "Handle", "alarm:core:oper"),
      b("审核", "Review", "alarm:core:check"),
      ...crud("alarm:core"),
    ]),
    m("告警规则", "Alarm rules", "/alarm/alarmRule", "list-checks", crud("alarm:rule")),
    m("告警等级", "Alarm levels", "/alarm/levelSet", "signal", crud("alarm:level")),
    m("告警联系人", "Alarm contacts", "/alarm/alarmLink", "contact-round", crud("alarm:link")),
  ]),
  dir("消息", "Messages", "message-square", [
    m("待办中心", "To-do centre", "/msg/todo", "list-todo"),
    m("站内消息", "In-site messages", "/msg/station", "inbox"),
  ]),
  dir("数据大屏", "Data screens", "monitor", [
    m("全局大屏", "Global screen", "/globalDataScreen", "monitor"),
    m("房建大屏", "Building screen", "/houseDataScreen", "building"),
    m("全局大屏 2", "Global screen 2", "/globalDataScreen1", "monitor-dot"),
    m("大屏设置", "Screen settings", "/dataScreenSet", "monitor-cog", [b("保存", "Save", "dev:devSceneModel:save")]),
    m("大屏测点", "Screen points", "/dataScreenPoint", "map-pin", [
      ...crud("dev:scene"),
      b("放置设备", "Place devices", "dev:sceneDevice:add"),
      b("移动设备", "Move devices", "dev:sceneDevice:upd"),
      b("移除设备", "Remove devices", "dev:sceneDevice:del"),
    ]),
  ]),
  dir("巡检机器人", "Inspection robots", "bot", [
    m("运维监控", "Operation", "/operations/operation", "joystick"),
    m("视频监控", "Video surveillance", "/videoSurveillances/videoSurveillance", "cctv"),
    m("机器人控制", "Robot control", "/operations/robotControl", "joystick", [
      b("驾驶", "Drive", "dev:robot:control"),
      b("接管", "Take over", "dev:robot:takeover"),
      b("切换模式", "Switch mode", "dev:robot:mode"),
    ]),
    m("部署控制", "Deployment control", "/operations/deployRobotControl", "bot"),
    m("轨道管理", "Tracks", "/robot/track", "route", crud("stat:trackInfo")),
    // Items are edited from the points screen (/robot/inspectionItem is its detail, core §2): their buttons sit here.
    m("巡检点", "Inspection points", "/robot/point", "map-pinned", [...crud("stat:inspectionPoint"), ...crud("stat:inspectionItem")]),
    m("巡检计划", "Plans", "/robot/plan", "calendar-range", [
      ...crud("stat:inspectionScheme"),
      b("发布", "Publish", "stat:inspectionScheme:public"),
      b("撤回", "Revoke", "stat:inspectionScheme:cancel"),
    ]),
    m("巡检任务", "Tasks", "/robot/task", "clipboard-list", [b("终止", "Stop", "stat:inspectionTask:upd"), b("删除", "Delete", "stat:inspectionTask:del")]),
    m("巡检记录", "Inspection records", "/robot/inspectionRecord", "file-clock"),
    m("巡检点统计", "Point statistics", "/robot/inspectionPointStatistics", "chart-column"),
    m("巡检任务统计", "Task statistics", "/robot/inspectionTaskStatistics", "chart-bar"),
    m("超时任务统计", "Timeout statistics", "/robot/timeoutTaskStatistics", "timer"),
    m("机器人任务统计", "Robot task statistics", "/robot/robotTaskStatistics", "chart-pie"),
  ]),
  dir("监测报告", "Monitoring reports", "file-text", [
    m("报告列表", "Reports", "/reportList", "file-text", [b("生成", "Generate", "stat:reportInfo:add"), b("重新生成", "Regenerate", "stat:reportInfo:upd"), b("删除", "Delete", "stat:reportInfo:del"), b("审核", "Review", "stat:reportInfo:review")]),
    m("报告计划", "Report plans", "/reportPlan", "calendar-check", crud("stat:reportPlane")),
    m("报告模板", "Report templates", "/reportTemplate", "file-cog", crud("stat:reportTemplate")),
    ...([1, 2, 3] as const).map((n) => m(`自定义页面${n}`, `Custom page ${n}`, `/page/page${n}`, "layout-grid", [b("编辑页面", "Edit page", "stat:customPage:upd")])),
  ]),
  knowledge,
  media,
  system("tenant"),
];

/** What a project user (operator) may open: watching and handling, no administration. */
export const operatorPaths = new Set([
  "/projects/project",
  "/devices/device",
  "/devices/handleLog",
  ...(monitoring.children ?? []).map((n) => n.path!),
  "/alarm/alarmCenter",
  "/videoSurveillances/videoSurveillance",
  "/operations/robotControl",
  "/operations/deployRobotControl",
  "/msg/todo",
  "/msg/station",
  "/globalDataScreen",
  "/houseDataScreen",
  "/globalDataScreen1",
  "/reportList",
  "/knowledge",
  "/systemSet/securitySet",
]);

/** The buttons a project user holds: accepting, handling and closing the alarms of its projects (reviewing stays with `alarm:core:check`), driving a robot (not taking over). */
export const operatorButtons = new Set([HANDLE_PERM, ROBOT_DRIVE_PERM]);
