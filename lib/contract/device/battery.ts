import { z } from "zod";
import { defineEntity, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { number, numberRequired, text } from "../validation";
import { i18nField } from "../i18n-text";

/** Up to 5 images of at most 5 MB each (core §5, §9); the size limit is the upload purpose's. */
export const BATTERY_IMAGES = 5;
export const MAX_VOLTAGE = 1000;

/**
 * Battery model (core §3): name, model, type, full-charge voltage above the termination voltage,
 * capacity in Ah, images. Devices refer to a model; their charge is estimated between its voltages.
 */
export const battery = defineEntity({
  ns: "deviceOps.battery",
  api: "device/battery", perm: "dev:battery",
  fields: {
    id: { kind: "id", readOnly: true, list: false, detail: false, export: false },
    batteryName: rowName(64, { import: true }),
    batteryModel: { schema: text(64), search: "contains", import: true },
    batteryType: { schema: z.coerce.number({ error: "validation.select" }).pipe(z.union([z.literal(0), z.literal(1)], { error: "validation.invalidOption" })), kind: "radio", dict: "batteryType", search: "eq", import: true },
    fullVoltage: { schema: numberRequired(MAX_VOLTAGE), kind: "number", min: 0, max: MAX_VOLTAGE, floatNum: 3, import: true },
    endVoltage: { schema: numberRequired(MAX_VOLTAGE), kind: "number", min: 0, max: MAX_VOLTAGE, floatNum: 3, import: true },
    capacity: { schema: number(100_000), kind: "number", min: 0, max: 100_000, floatNum: 2, import: true },
    images: { schema: z.array(z.string().max(500)).max(BATTERY_IMAGES, "validation.maxItems").default([]), kind: "images", purpose: "batteryImage", limit: BATTERY_IMAGES, list: false, export: false, full: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true },
    i18n: i18nField,
  },
  refine: (v, ctx) => {
    if (typeof v.fullVoltage === "number" && typeof v.endVoltage === "number" && v.fullVoltage <= v.endVoltage)
      ctx.addIssue({ code: "custom", path: ["fullVoltage"], message: "validation.fullAboveEnd" });
  },
});
export type Battery = RowOf<typeof battery.fields>;

/**
 * A device's remaining charge in percent, estimated from its reported voltage between the model's
 * termination (0 %) and full-charge (100 %) voltages, clamped; null without a usable reading.
 */
export function estimateCharge(voltage: number | null | undefined, model: { fullVoltage: number; endVoltage: number }): number | null {
  if (voltage === null || voltage === undefined || !Number.isFinite(voltage) || model.fullVoltage <= model.endVoltage) return null;
  const ratio = (voltage - model.endVoltage) / (model.fullVoltage - model.endVoltage);
  return Math.round(Math.min(1, Math.max(0, ratio)) * 1000) / 10;
}

/** battery: page, list, info, add, upd, del, export, template, importBattery (core §7). */
export const batteryApi = crudCalls(battery, {
  only: ["page", "list", "info", "add", "upd", "del", "export", "template", "import"],
  read: { menu: ["/battery"] },
  paths: { import: "importBattery" },
});
