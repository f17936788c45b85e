import { z } from "zod";
import { pageQuery } from "../page-query";
import { codeRequired, optional, text, textRequired } from "../validation";
import { dbId, enableState, optionalEnableState } from "./status";

/** Notification channels (core §4): 1 in-site, 2 SMS, 3 e-mail, 4 WeChat (not yet available). */
export const TEMPLATE_CHANNELS = [1, 2, 3, 4] as const;
/** WeChat is listed but refused by the cloud until it is available. */
export const AVAILABLE_CHANNELS = [1, 2, 3] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];

const channel = z.coerce
  .number({ error: "validation.required" })
  .refine((n) => (TEMPLATE_CHANNELS as readonly number[]).includes(n), "validation.invalidOption");

const templateFields = {
  channel,
  name: textRequired(64),
  code: codeRequired,
  title: text(200),
  /** Text with `${var}` placeholders; in-site and e-mail content may be HTML (sanitised). */
  content: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(5000, "validation.maxLength"),
  enabled: enableState.default(1),
  remark: text(500),
};
export const templateAdd = z.object(templateFields);
export const templateUpdate = z.object({ id: dbId, ...templateFields });
export type TemplateAdd = z.infer<typeof templateAdd>;

export const templateQuery = pageQuery.extend({
  channel: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.coerce.number().int().min(1).max(4).optional()),
  name: optional(z.string().max(64)),
  enabled: optionalEnableState,
});

const VARIABLE = /\$\{\s*([A-Za-z_][\w.]*)\s*\}/g;
/** The `${var}` names used in a template, each once, in order of first use. */
export function extractVariables(...texts: (string | null | undefined)[]): string[] {
  return [...new Set(texts.flatMap((t) => [...(t ?? "").matchAll(VARIABLE)].map((m) => m[1])))];
}

export type TemplateRow = {
  id: number;
  channel: TemplateChannel;
  name: string;
  code: string;
  title: string;
  content: string;
  variables: string[];
  enabled: number;
  remark: string | null;
  createTime: string;
  updateTime: string;
};
/** `template/countAllType`: templates per channel, every channel listed. */
export type TemplateCount = { channel: TemplateChannel; count: number };
