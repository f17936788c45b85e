import { z } from "zod";
import { dbId, optionalId } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { email, mobile, text } from "../validation";
import { LINK_TYPES } from "./enums";

/** Alarm contact (alarmLink, core §3): name, phone, e-mail, description; `userId` joins a console user (jointUser). */
export const alarmContact = defineEntity({
  ns: "alarm.contact",
  api: "alarm/link", perm: "alarm:link",
  fields: {
    id: keyField,
    linkName: rowName(32, { import: true }),
    phone: { schema: mobile, kind: "phone", search: "contains", import: true },
    email: { schema: email, kind: "email", import: true },
    userId: { schema: optionalId, kind: "select", list: false, export: false },
    realname: { kind: "text", readOnly: true, label: "fields.userId" },
    description: { schema: text(200), kind: "textarea", full: true, import: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", form: false },
  },
  // Someone to reach: a phone, an e-mail or a console user.
  refine: (v, ctx) => {
    if (!v.phone && !v.email && !v.userId) ctx.addIssue({ code: "custom", path: ["phone"], message: "validation.contactReach" });
  },
});
export type AlarmContact = RowOf<typeof alarmContact.fields>;

const contactIds = z.array(dbId).max(500, "validation.maxItems");

/** Alarm contact group (linkGroup): a name, a description and its contacts (leaders are escalated to). */
export const alarmContactGroup = defineEntity({
  ns: "alarm.group",
  api: "alarm/linkGroup", perm: "alarm:link",
  fields: {
    id: keyField,
    groupName: rowName(32),
    description: { schema: text(200), kind: "textarea", full: true },
    contactIds: { schema: contactIds.default([]), kind: "custom", list: false, export: false },
    leaderIds: { schema: contactIds.default([]), kind: "custom", list: false, export: false, form: false },
    memberCount: { kind: "number", readOnly: true },
    memberNames: { kind: "text", readOnly: true, detail: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", form: false },
  },
});
export type AlarmContactGroup = RowOf<typeof alarmContactGroup.fields>;

/** One recipient of a rule: 1 a contact, 2 a contact group (the recipient picker's two tabs). */
export const recipient = z.object({
  linkType: z.coerce.number().refine((n) => (LINK_TYPES as readonly number[]).includes(n), "validation.invalidOption"),
  linkId: dbId,
});
export type Recipient = z.infer<typeof recipient>;
/** A recipient as the picker shows it. */
export type RecipientRow = Recipient & { name: string };
