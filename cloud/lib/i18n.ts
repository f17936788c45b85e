import type { Locale } from "@/lib/contract/locale";
import { format, lookup } from "@/lib/i18n/format";
import zhCloud from "@/messages/zh-cn/cloud.json";
import enCloud from "@/messages/en/cloud.json";
import zhValidation from "@/messages/zh-cn/validation.json";
import enValidation from "@/messages/en/validation.json";
import zhProduct from "@/messages/zh-cn/product.json";
import enProduct from "@/messages/en/product.json";
import zhWidgets from "@/messages/zh-cn/widgets.json";
import enWidgets from "@/messages/en/widgets.json";
import zhProjects from "@/messages/zh-cn/projects.json";
import enProjects from "@/messages/en/projects.json";
import zhSystem from "@/messages/zh-cn/system.json";
import enSystem from "@/messages/en/system.json";
import zhIngest from "@/messages/zh-cn/ingest.json";
import enIngest from "@/messages/en/ingest.json";
import zhDeviceOps from "@/messages/zh-cn/deviceOps.json";
import zhEnums from "@/messages/zh-cn/enums.json";
import enEnums from "@/messages/en/enums.json";
import enDeviceOps from "@/messages/en/deviceOps.json";

const catalogues: Record<Locale, Record<string, unknown>> = {
  "zh-cn": { cloud: zhCloud, validation: zhValidation, widgets: zhWidgets, projects: zhProjects, system: zhSystem, product: zhProduct, ingest: zhIngest, deviceOps: zhDeviceOps, enums: zhEnums },
  en: { cloud: enCloud, validation: enValidation, widgets: enWidgets, projects: enProjects, system: enSystem, product: enProduct, ingest: enIngest, deviceOps: enDeviceOps, enums: enEnums },
};

/**
 * Translates `cloud.*`, `validation.*`, `widgets.*` (uploads, imports), the entity namespaces
 * (`projects.*`, `system.*`, `product.*`: export and import headers, what an "in use" error names,
 * thing-model checks) `ingest.*` (device message refusals) `deviceOps.*` (commands, batteries, construction records) and `enums.*` (imported dictionary labels); an unknown key falls back to the
 * Chinese text, then to itself.
 */
export function t(locale: Locale, key: string, values?: Record<string, string | number>): string {
  const template = lookup(catalogues[locale], key) ?? lookup(catalogues["zh-cn"], key) ?? key;
  return format(template, values);
}
