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
import zhIngest from "@/messages/zh-cn/ingest.json";
import enIngest from "@/messages/en/ingest.json";

const catalogues: Record<Locale, Record<string, unknown>> = {
  "zh-cn": { cloud: zhCloud, validation: zhValidation, widgets: zhWidgets, product: zhProduct, ingest: zhIngest },
  en: { cloud: enCloud, validation: enValidation, widgets: enWidgets, product: enProduct, ingest: enIngest },
};

/** Translates `cloud.*`, `validation.*`, `widgets.*` (uploads, imports), `product.*` (thing-model checks) and `ingest.*` (device message refusals) keys; an unknown key falls back to itself. */
export function t(locale: Locale, key: string, values?: Record<string, string | number>): string {
  const template = lookup(catalogues[locale], key) ?? lookup(catalogues["zh-cn"], key) ?? key;
  return format(template, values);
}
