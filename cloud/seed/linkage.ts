import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { alarmContacts, devices, linkageRules, products } from "../db/schema";
import { createDelivery } from "../lib/delivery";
import { safeFetch } from "../lib/outbound";
import { LinkageEngine } from "../linkage/engine";
import { tenantOf } from "../lib/scope";
import { bilingual } from "./bilingual";

/**
 * Two demo linkage rules on the simulator's first tilt meter, and their first log entries made by
 * really running them: "tilt X > 0.5° for 30 s → in-site notice", enabled but repeat-suppressed
 * for 30 minutes so the simulator's drift cannot flood the inbox; and a disabled morning timer
 * calling a web service on the machine itself, which the outbound guard refuses (a failed entry).
 */
export async function seedLinkage(db: Db, opts: { tenantId: number; admin: number }) {
  const [tilt] = await db
    .select({ id: devices.id, projectId: devices.projectId })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantOf(opts.tenantId).where(devices, eq(products.monitorType, "tilt")))
    .orderBy(asc(devices.id))
    .limit(1);
  const [contact] = await db.select({ id: alarmContacts.id }).from(alarmContacts).where(tenantOf(opts.tenantId).where(alarmContacts, eq(alarmContacts.userId, opts.admin)));
  if (!tilt?.projectId || !contact) return;
  const rules = await db
    .insert(linkageRules)
    .values([
      {
        tenantId: opts.tenantId,
        projectId: tilt.projectId,
        ...bilingual({ ruleName: ["倾角 X 超限通知", "Tilt X over limit notice"], description: ["演示：倾角持续超限时发站内信，30 分钟内不重复", "Demo: a site message while the tilt stays over its limit, not repeated within 30 minutes"] }),
        triggers: [{ termType: 1, deviceId: tilt.id, identifier: "angleX", symbol: 2, value: 0.5, durationSec: 30 }],
        validitySec: 300,
        actions: [{ actionType: 2, channels: [1], recipients: [{ linkType: 1, linkId: contact.id }], content: "${deviceName} 的 ${identifier} = ${value}°，已持续超过 0.5° 30 秒（${time}）", contentI18n: { "zh-cn": "${deviceName} 的 ${identifier} = ${value}°，已持续超过 0.5° 30 秒（${time}）", en: "${deviceName}: ${identifier} = ${value}°, over 0.5° for 30 s (${time})" }, delaySec: 0 }],
        tactic: 2,
        suppressMinutes: 30,
        createdBy: opts.admin,
      },
      {
        tenantId: opts.tenantId,
        projectId: tilt.projectId,
        ...bilingual({ ruleName: ["每日 8 点推送巡检提醒", "Daily 8:00 inspection reminder"], description: ["演示：定时调用 Web 服务；本机地址被出站保护拒绝，日志中可见失败原因", "Demo: calls a web service on a schedule; the outbound guard refuses this local address, and the log says why"] }),
        triggers: [{ termType: 3, cron: "0 0 8 * * ? *" }],
        actions: [{ actionType: 3, method: "POST", url: "http://127.0.0.1:9/inspection", headers: [], body: '{"rule":"${ruleName}","time":"${time}"}', encoding: "UTF-8", delaySec: 0 }],
        tactic: 1,
        enableStatus: 2,
        createdBy: opts.admin,
      },
    ])
    .returning({ id: linkageRules.id });
  const engine = new LinkageEngine(db, { delivery: createDelivery({ db, log: () => {} }), webCall: safeFetch });
  for (const r of rules) await engine.operate(r.id, "演示管理员");
}
