import { extractVariables } from "@/lib/contract/system/template";
import type { Db } from "../db/client";
import { dictItems, dicts, notificationTemplates } from "../db/schema";
import { PLATFORM_TENANT_ID } from "../lib/menu-access";
import { bilingual } from "./bilingual";

type Pair = readonly [zh: string, en: string];
type DictSeed = { dictName: Pair; dictCode: string; remark: Pair; items: [value: string, name: Pair][] };

/** Platform dictionaries every tenant sees until it defines its own of the same code. */
const PLATFORM_DICTS: DictSeed[] = [
  {
    dictName: ["项目类型", "Project type"],
    dictCode: "prjType",
    remark: ["项目管理中的项目类型", "Project types of project management"],
    items: [
      ["foundationPit", ["基坑", "Foundation pit"]],
      ["tunnel", ["隧道", "Tunnel"]],
      ["bridge", ["桥梁", "Bridge"]],
      ["slope", ["边坡", "Slope"]],
      ["building", ["建筑结构", "Building structure"]],
      ["subway", ["地铁", "Metro"]],
    ],
  },
  {
    dictName: ["产品分类", "Product category"],
    dictCode: "prodCategory",
    remark: ["产品管理中的产品分类", "Product categories of product management"],
    items: [
      ["structural", ["结构监测传感器", "Structural sensors"]],
      ["geotechnical", ["岩土监测传感器", "Geotechnical sensors"]],
      ["hydrological", ["水文监测传感器", "Hydrological sensors"]],
      ["environmental", ["环境监测传感器", "Environmental sensors"]],
      ["gateway", ["网关与采集器", "Gateways and data loggers"]],
      ["camera", ["视频监控", "Cameras"]],
      ["robot", ["巡检机器人", "Inspection robots"]],
      ["other", ["其他", "Other"]],
    ],
  },
  {
    dictName: ["岗位", "Position"],
    dictCode: "position",
    remark: ["用户的岗位", "Users' positions"],
    items: [
      ["projectManager", ["项目经理", "Project manager"]],
      ["technicalLead", ["技术负责人", "Technical lead"]],
      ["monitoringEngineer", ["监测工程师", "Monitoring engineer"]],
      ["safetyOfficer", ["安全员", "Safety officer"]],
      ["inspector", ["巡检员", "Inspector"]],
    ],
  },
];

const TEMPLATES = [
  {
    channel: 1,
    code: "alarm_site",
    ...bilingual({
      name: ["告警站内信", "Alarm in-site message"],
      title: ["${deviceName} 告警", "Alarm: ${deviceName}"],
      content: ["项目 ${prjName} 的设备 ${deviceName} 于 ${alarmTime} 触发 ${alarmLevel} 告警：${alarmName}。", "Device ${deviceName} of project ${prjName} raised a ${alarmLevel} alarm at ${alarmTime}: ${alarmName}."],
    }),
  },
  {
    channel: 2,
    code: "alarm_sms",
    // An SMS has no title.
    title: "",
    ...bilingual({
      name: ["告警短信", "Alarm SMS"],
      content: ["【物联监测】${prjName} 设备 ${deviceName} 于 ${alarmTime} 触发告警：${alarmName}，请及时处理。", "[IoT Monitoring] ${prjName}: device ${deviceName} raised an alarm at ${alarmTime}: ${alarmName}. Please attend to it."],
    }),
  },
  {
    channel: 3,
    code: "alarm_email",
    ...bilingual({
      name: ["告警邮件", "Alarm e-mail"],
      title: ["[告警] ${prjName} - ${deviceName}", "[Alarm] ${prjName} - ${deviceName}"],
      content: ["您好，${realname}：\n设备 ${deviceName} 于 ${alarmTime} 触发 ${alarmLevel} 告警：${alarmName}。", "Hello ${realname},\nDevice ${deviceName} raised a ${alarmLevel} alarm at ${alarmTime}: ${alarmName}."],
    }),
  },
];

/** System settings data: platform dictionaries and the demo tenant's notification templates. */
export async function seedSystemData(db: Db, ids: { tenantId: number }) {
  for (const [i, d] of PLATFORM_DICTS.entries()) {
    const [row] = await db
      .insert(dicts)
      .values({ tenantId: PLATFORM_TENANT_ID, ...bilingual({ dictName: d.dictName, remark: d.remark }), dictCode: d.dictCode, sort: i + 1 })
      .returning({ id: dicts.id });
    await db.insert(dictItems).values(d.items.map(([itemValue, itemName], sort) => ({ dictId: row.id, itemValue, ...bilingual({ itemName }), sort: sort + 1 })));
  }
  await db.insert(notificationTemplates).values(TEMPLATES.map((t) => ({ ...t, tenantId: ids.tenantId, variables: extractVariables(t.title, t.content) })));
}
