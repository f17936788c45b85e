import { extractVariables } from "@/lib/contract/system/template";
import type { Db } from "../db/client";
import { dictItems, dicts, notificationTemplates } from "../db/schema";
import { PLATFORM_TENANT_ID } from "../lib/menu-access";

type DictSeed = { dictName: string; dictCode: string; remark: string; items: [value: string, name: string][] };

/** Platform dictionaries every tenant sees until it defines its own of the same code. */
const PLATFORM_DICTS: DictSeed[] = [
  {
    dictName: "项目类型",
    dictCode: "prjType",
    remark: "项目管理中的项目类型",
    items: [
      ["foundationPit", "基坑"],
      ["tunnel", "隧道"],
      ["bridge", "桥梁"],
      ["slope", "边坡"],
      ["building", "建筑结构"],
      ["subway", "地铁"],
    ],
  },
  {
    dictName: "产品分类",
    dictCode: "prodCategory",
    remark: "产品管理中的产品分类",
    items: [
      ["structural", "结构监测传感器"],
      ["geotechnical", "岩土监测传感器"],
      ["hydrological", "水文监测传感器"],
      ["environmental", "环境监测传感器"],
      ["gateway", "网关与采集器"],
      ["other", "其他"],
    ],
  },
  {
    dictName: "岗位",
    dictCode: "position",
    remark: "用户的岗位",
    items: [
      ["projectManager", "项目经理"],
      ["technicalLead", "技术负责人"],
      ["monitoringEngineer", "监测工程师"],
      ["safetyOfficer", "安全员"],
      ["inspector", "巡检员"],
    ],
  },
];

const TEMPLATES = [
  { channel: 1, name: "告警站内信", code: "alarm_site", title: "${deviceName} 告警", content: "项目 ${prjName} 的设备 ${deviceName} 于 ${alarmTime} 触发 ${alarmLevel} 级告警：${alarmName}。" },
  { channel: 2, name: "告警短信", code: "alarm_sms", title: "", content: "【物联监测】${prjName} 设备 ${deviceName} 于 ${alarmTime} 触发告警：${alarmName}，请及时处理。" },
  { channel: 3, name: "告警邮件", code: "alarm_email", title: "[告警] ${prjName} - ${deviceName}", content: "您好，${realname}：\n设备 ${deviceName} 于 ${alarmTime} 触发 ${alarmLevel} 级告警：${alarmName}。" },
];

/** System settings data: platform dictionaries and the demo tenant's notification templates. */
export async function seedSystemData(db: Db, ids: { tenantId: number }) {
  for (const [i, d] of PLATFORM_DICTS.entries()) {
    const [row] = await db.insert(dicts).values({ tenantId: PLATFORM_TENANT_ID, dictName: d.dictName, dictCode: d.dictCode, remark: d.remark, sort: i + 1 }).returning({ id: dicts.id });
    await db.insert(dictItems).values(d.items.map(([itemValue, itemName], sort) => ({ dictId: row.id, itemValue, itemName, sort: sort + 1 })));
  }
  await db.insert(notificationTemplates).values(TEMPLATES.map((t) => ({ ...t, tenantId: ids.tenantId, variables: extractVariables(t.title, t.content) })));
}
