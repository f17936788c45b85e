import { and, asc, eq, inArray } from "drizzle-orm";
import { blockTag } from "@/lib/contract/report/blocks";
import { REPORT_TYPE } from "@/lib/contract/report/enums";
import type { Db } from "../db/client";
import { devices, productFunctions, projects, reportTemplates } from "../db/schema";
import { tenantOf } from "../lib/scope";

const NUMERIC = ["int32", "float", "double"];

/** The document of the demo template in one language: cover text, a point table and the points' curves, alarms, devices, conclusions. */
function demoDocument(lang: "zh" | "en", points: string[]) {
  const s = {
    zh: ["{{project}} 监测周报", "监测周期：{{period}}；报告编号：{{reportNo}}。", "一、监测数据", "二、变化曲线", "三、告警与设备", "四、结论与建议", "本期各测点变化见上表；红色行为超过预警值的测点，请复核现场情况。"],
    en: ["{{project}} weekly monitoring report", "Period: {{period}}; report No. {{reportNo}}.", "1. Monitoring data", "2. Curves", "3. Alarms and devices", "4. Conclusions", "The change of each point is in the table above; rows in red are over the warning value and should be checked on site."],
  }[lang];
  return [
    `<h1>${s[0]}</h1><p>${s[1]}</p><h2>${s[2]}</h2>`,
    blockTag({ kind: "pointTable", points, warn: 10 }),
    `<h2>${s[3]}</h2>`,
    blockTag({ kind: "chart", points: points.slice(0, 2), warn: 10 }),
    `<h2>${s[4]}</h2>`,
    blockTag({ kind: "alarms", points: [], warn: null }),
    blockTag({ kind: "devices", points: [], warn: null }),
    `<h2>${s[5]}</h2>`,
    blockTag({ kind: "conclusion", points, warn: 10, alarm: 20 }),
    `<p>${s[6]}</p>`,
  ].join("");
}

/** The demo project's weekly template, in Chinese and in English, over the numeric properties of its first devices. */
export async function seedDemoReports(db: Db, opts: { tenantId: number }) {
  const [project] = await db.select({ id: projects.id }).from(projects).where(tenantOf(opts.tenantId).where(projects)).orderBy(asc(projects.id)).limit(1);
  if (!project) return;
  const devs = await db.select({ id: devices.id, productId: devices.productId }).from(devices).where(and(eq(devices.tenantId, opts.tenantId), eq(devices.projectId, project.id))).orderBy(asc(devices.id)).limit(6);
  const funcs = devs.length
    ? await db
        .select({ productId: productFunctions.productId, identifier: productFunctions.identifier })
        .from(productFunctions)
        .where(and(inArray(productFunctions.productId, [...new Set(devs.map((d) => d.productId))]), eq(productFunctions.funcType, 1), inArray(productFunctions.dataType, NUMERIC)))
        .orderBy(asc(productFunctions.id))
    : [];
  const points = devs.flatMap((d) => funcs.filter((f) => f.productId === d.productId).slice(0, 1).map((f) => `${d.id}:${f.identifier}`)).slice(0, 4);
  await db.insert(reportTemplates).values([
    { tenantId: opts.tenantId, projectId: project.id, templateName: "监测周报（示例）", reportType: REPORT_TYPE.weekly, content: demoDocument("zh", points), remark: "测点表、曲线、告警与设备状态" },
    { tenantId: opts.tenantId, projectId: project.id, templateName: "Weekly report (example)", reportType: REPORT_TYPE.weekly, content: demoDocument("en", points), remark: "Point table, curves, alarms and device status" },
  ]);
}
