import { asc, eq, isNotNull } from "drizzle-orm";
import { COMMAND_STATUS } from "@/lib/contract/device/command";
import type { Db } from "../db/client";
import { batteries, betonRuleDevices, betonRules, buildRecords, deviceCommands, devices, products, users } from "../db/schema";
import { tenantOf } from "../lib/scope";
import { bilingual } from "./bilingual";

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Demo data of device operations: the battery models the demo sensors use, an installation record
 * per device (and a maintenance visit for some), and a short command history so the handling log
 * is not empty on first start (the simulator adds live ones as commands are sent).
 */
export async function seedDeviceOps(db: Db, opts: { tenantId: number; admin: number; now?: number }) {
  const now = opts.now ?? Date.now();
  await db.insert(batteries).values([
    { tenantId: opts.tenantId, ...bilingual({ batteryName: ["锂亚硫酰氯 ER34615", "Li-SOCl₂ ER34615"] }), batteryModel: "ER34615", batteryType: 1, fullVoltage: 3.67, endVoltage: 3.0, capacity: 19 },
    { tenantId: opts.tenantId, ...bilingual({ batteryName: ["锂离子 18650 三串", "Li-ion 18650, 3 in series"] }), batteryModel: "3S-18650", batteryType: 0, fullVoltage: 12.6, endVoltage: 9.0, capacity: 7.8 },
    { tenantId: opts.tenantId, ...bilingual({ batteryName: ["磷酸铁锂 12V", "LiFePO₄ 12 V"] }), batteryModel: "LFP-12V20", batteryType: 0, fullVoltage: 14.6, endVoltage: 10.0, capacity: 20 },
  ]);
  const devs = await db
    .select({ id: devices.id, sn: devices.deviceSn, name: devices.deviceName, i18n: devices.i18n, projectId: devices.projectId })
    .from(devices)
    .where(tenantOf(opts.tenantId).where(devices, isNotNull(devices.projectId)))
    .orderBy(asc(devices.id));
  if (!devs.length) return;
  const crews = [
    ["张工、李工", "Engineers Zhang and Li"],
    ["王工、赵工", "Engineers Wang and Zhao"],
    ["陈工", "Engineer Chen"],
  ] as const;
  await db.insert(buildRecords).values(
    devs.flatMap((d, i) => {
      const installed = now - (120 + (i % 30)) * DAY;
      // The device as it is called in each language.
      const zh = d.name, en = d.i18n?.deviceName?.en ?? d.name;
      const first = {
        tenantId: opts.tenantId,
        projectId: d.projectId!,
        deviceId: d.id,
        buildType: 1,
        ...bilingual({ personnel: crews[i % crews.length], summary: [`${zh} 安装调试完成，初始值已设置`, `${en} installed and commissioned, initial values set`] }),
        buildDate: isoDay(installed),
        outboundDate: isoDay(installed - 7 * DAY),
        warrantyDate: isoDay(installed + 365 * DAY),
        createdBy: opts.admin,
      };
      const visit = {
        ...first,
        buildType: 2,
        ...bilingual({ personnel: crews[(i + 1) % crews.length], summary: [`${zh} 例行巡检，更换电池并清洁外壳`, `${en} routine visit: battery replaced, housing cleaned`] }),
        buildDate: isoDay(now - (10 + i) * DAY),
      };
      return i % 4 === 0 ? [first, visit] : [first];
    }),
  );
  const kinds = [
    { cmdType: "cycle", identifier: null, params: { cycle: 30 }, status: COMMAND_STATUS.success, reply: { cycle: 30 } },
    { cmdType: "reboot", identifier: "reboot", params: {}, status: COMMAND_STATUS.success, reply: { code: 200, identifier: "reboot", params: {} } },
    { cmdType: "service", identifier: "setZero", params: {}, status: COMMAND_STATUS.timeout, reply: null },
    { cmdType: "laserOn", identifier: "laserOn", params: {}, status: COMMAND_STATUS.failed, reply: { code: 404, identifier: "laserOn", params: {} } },
  ] as const;
  // The log names the device and its sender in the reader's language, as commands sent from the console do.
  const [admin] = await db.select({ name: users.realname, i18n: users.i18n }).from(users).where(eq(users.id, opts.admin));
  await db.insert(deviceCommands).values(
    devs.slice(0, 8).map((d, i) => {
      const k = kinds[i % kinds.length];
      const sentAt = now - (i + 1) * 3 * 3600_000;
      return {
        tenantId: opts.tenantId,
        projectId: d.projectId,
        deviceId: d.id,
        deviceSn: d.sn,
        deviceName: d.name,
        msgId: `seed${String(i).padStart(4, "0")}${d.id}`,
        cmdType: k.cmdType,
        identifier: k.identifier,
        params: JSON.stringify(k.params),
        status: k.status,
        replyCode: k.reply && "code" in k.reply ? k.reply.code : null,
        reply: k.reply ? JSON.stringify(k.reply) : null,
        timeoutS: 15,
        sentBy: opts.admin,
        sentByName: admin?.name ?? null,
        i18n: { ...(d.i18n?.deviceName && { deviceName: d.i18n.deviceName }), ...(admin?.i18n?.realname && { sentByName: admin.i18n.realname }) },
        sentAt: new Date(sentAt),
        answeredAt: k.status === COMMAND_STATUS.timeout ? null : new Date(sentAt + 1800),
      };
    }),
  );
}

/** A calibration rule per project holding concrete devices, bound to them (the concrete page computes with it). */
export async function seedBetonRules(db: Db, opts: { tenantId: number }) {
  const rows = await db
    .select({ id: devices.id, projectId: devices.projectId })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.productId))
    .where(tenantOf(opts.tenantId).where(devices, eq(products.monitorType, "beton"), isNotNull(devices.projectId)));
  for (const projectId of new Set(rows.map((r) => r.projectId!))) {
    const [rule] = await db
      .insert(betonRules)
      .values({ tenantId: opts.tenantId, projectId, ...bilingual({ ruleName: ["C30 墩柱", "C30 pier column"], mixDesc: ["P·O 42.5 水泥，水胶比 0.42", "P·O 42.5 cement, water–binder ratio 0.42"] }), airType: 1, airContent: 2, hardenType: 1, coefType: 0, points: [{ maturity: 500, strength: 12.4 }, { maturity: 1500, strength: 21.8 }, { maturity: 4000, strength: 29.5 }, { maturity: 8000, strength: 33.6 }], aggregate: 0, datumTemp: -10 })
      .returning({ id: betonRules.id });
    await db.insert(betonRuleDevices).values(rows.filter((r) => r.projectId === projectId).map((r) => ({ deviceId: r.id, ruleId: rule.id })));
  }
}
