import { z } from "zod";
import { defineCall } from "../call";
import { dbId, optionalId } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { email, mobile, text } from "../validation";
import { LINK_TYPES } from "./enums";
import { i18nField } from "../i18n-text";

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
    i18n: i18nField,
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
    i18n: i18nField,
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

/** The contacts' own screen (contacts and their groups). */
export const LINK_SCREEN = "/alarm/alarmLink";
/** Screens whose editors pick contacts and groups as recipients: alarm rules and linkage rules. */
export const RECIPIENT_PICKERS = ["/alarm/alarmRule", "/linkage"] as const;
/** Who may read contacts and groups (issue 32 §5: not a project user): their screen, and the recipient pickers. */
export const RECIPIENT_READERS = [LINK_SCREEN, ...RECIPIENT_PICKERS] as const;

/** alarmLink (core §7): paged and listed for the pickers too; exported and imported (importLink) on its screen only. */
export const alarmContactApi = {
  ...crudCalls(alarmContact, { only: ["page", "list", "info", "add", "upd", "del", "import"], read: { menu: RECIPIENT_READERS }, paths: { import: "importLink" } }),
  ...crudCalls(alarmContact, { only: ["export", "template"], read: { menu: [LINK_SCREEN] } }),
};

const saved = z.object({ id: z.number().int() });
/** An update is the whole group: its contacts are replaced. */
export const contactGroupUpdate = alarmContactGroup.body.extend({ id: dbId });

/** linkGroup (core §7): `list` pages the groups; a group is saved with its contacts. */
export const alarmContactGroupApi = {
  ...crudCalls(alarmContactGroup, { only: ["page", "info", "del"], read: { menu: RECIPIENT_READERS }, paths: { page: "list" } }),
  add: defineCall({ kind: "post", path: "alarm/linkGroup/add", input: alarmContactGroup.body, answer: saved, access: { perm: "alarm:link:add" } }),
  upd: defineCall({ kind: "post", path: "alarm/linkGroup/upd", input: contactGroupUpdate, answer: saved, access: { perm: "alarm:link:upd" } }),
};
