import { z } from "zod";
import { defineCall } from "../call";
import { defineEntity, keyField, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { codeRequired, text, textRequired } from "../validation";
import { dbId, enableState } from "../common";

/** Notification channels (core §4): 1 in-site, 2 SMS, 3 e-mail, 4 WeChat (not yet available). */
export const TEMPLATE_CHANNELS = [1, 2, 3, 4] as const;
/** WeChat is listed but refused by the cloud until it is available. */
export const AVAILABLE_CHANNELS = [1, 2, 3] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];

const channel = z.coerce
  .number({ error: "validation.required" })
  .refine((n) => (TEMPLATE_CHANNELS as readonly number[]).includes(n), "validation.invalidOption");

/** Notification templates (core §4): a channel, a code, a title and content with `${var}` placeholders. */
export const template = defineEntity({
  ns: "system.template",
  api: "msg/template", perm: "msg:template",
  nameField: "name",
  fields: {
    id: keyField,
    channel: { schema: channel, kind: "select", dict: "notifyChannel", search: "eq", list: false },
    name: { schema: textRequired(64), search: "contains" },
    code: { schema: codeRequired },
    enabled: { schema: enableState.default(1), kind: "switch", dict: "enableState", search: "eq" },
    title: { schema: text(200), full: true },
    /** Text with `${var}` placeholders; in-site and e-mail content may be HTML (sanitised). */
    content: { schema: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(5000, "validation.maxLength"), kind: "textarea", list: false },
    /** The `${var}` names of title and content. */
    variables: { schema: z.array(z.string()), readOnly: true },
    remark: { schema: text(500), kind: "textarea", list: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", list: false },
    updateTime: { kind: "datetime", readOnly: true, column: "updatedAt" },
  },
});
/** An update is the whole template: the channel decides how title and content are checked, and both give the variables. */
export const templateUpdate = template.body.extend({ id: dbId });
export type TemplateAdd = z.infer<typeof template.body>;

const VARIABLE = /\$\{\s*([A-Za-z_][\w.]*)\s*\}/g;
/** The `${var}` names used in a template, each once, in order of first use. */
export function extractVariables(...texts: (string | null | undefined)[]): string[] {
  return [...new Set(texts.flatMap((t) => [...(t ?? "").matchAll(VARIABLE)].map((m) => m[1])))];
}

export type TemplateRow = Omit<RowOf<typeof template.fields>, "channel" | "title"> & { channel: TemplateChannel; title: string };
/** `template/countAllType`: templates per channel, every channel listed. */
export const templateCount = z.object({ channel: z.custom<TemplateChannel>((v) => (TEMPLATE_CHANNELS as readonly unknown[]).includes(v)), count: z.number().int().nonnegative() });
export type TemplateCount = z.infer<typeof templateCount>;

/** The templates' screen: the only one that reads them. */
export const TEMPLATE_SCREENS = ["/systemSet/notificationTemplate"] as const;

/** msg/template (core §7): page, info, add, upd (the whole template), del, openOrClose, and the counts per channel. */
export const templateApi = {
  ...crudCalls(template, { only: ["page", "info", "add", "upd", "del", "openOrClose"], read: { menu: TEMPLATE_SCREENS }, update: templateUpdate }),
  countAllType: defineCall({ kind: "get", path: "msg/template/countAllType", answer: z.array(templateCount), access: { menu: TEMPLATE_SCREENS } }),
};
