import { eq, inArray, sql } from "drizzle-orm";
import { LINK_TYPE } from "@/lib/contract/alarm/enums";
import type { Recipient } from "@/lib/contract/alarm/contact";
import type { Locale } from "@/lib/contract/locale";
import type { Db } from "../client";
import { alarmContactGroupMembers, alarmContacts, devices, linkageLogs, linkageRules } from "../schema";
import { contactsWithLanguage } from "./alarms";
import { opsColumns, type OpsDevice } from "./device-ops";
import { deviceNameIn } from "./names";
import { tenantOf } from "../../lib/scope";

export type LinkageRuleRecord = typeof linkageRules.$inferSelect;
export type LinkageLogInsert = typeof linkageLogs.$inferInsert;

/** Every enabled rule, for the engine's in-memory index. */
export function enabledLinkageRules(db: Db): Promise<LinkageRuleRecord[]> {
  return db.select().from(linkageRules).where(eq(linkageRules.enableStatus, 1)).orderBy(linkageRules.id);
}

export async function linkageRuleById(db: Db, id: number): Promise<LinkageRuleRecord | undefined> {
  const [row] = await db.select().from(linkageRules).where(eq(linkageRules.id, id));
  return row;
}

/** Names of devices by id (trigger text, action targets). */
export async function deviceNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: devices.id, name: devices.deviceName }).from(devices).where(inArray(devices.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A device of the tenant as the command service needs it. */
export async function commandDevice(db: Db, tenantId: number, id: number): Promise<OpsDevice | undefined> {
  const [row] = await db
    .select(opsColumns)
    .from(devices)
    .where(tenantOf(tenantId).where(devices, eq(devices.id, id)));
  return row;
}

/** A device's name in `locale` (undefined when it is gone). */
export async function deviceNameOf(db: Db, id: number, locale: Locale): Promise<string | undefined> {
  const [row] = await db.select({ name: deviceNameIn(locale) }).from(devices).where(eq(devices.id, id));
  return row?.name;
}

/** The contacts a notice reaches: the chosen contacts and every member of the chosen groups, each once, of the tenant. */
export async function noticeContacts(db: Db, tenantId: number, recipients: Recipient[]) {
  const ids = recipients.filter((r) => r.linkType === LINK_TYPE.contact).map((r) => r.linkId);
  const groups = recipients.filter((r) => r.linkType === LINK_TYPE.group).map((r) => r.linkId);
  if (groups.length) {
    const members = await db.select({ id: alarmContactGroupMembers.contactId }).from(alarmContactGroupMembers).where(inArray(alarmContactGroupMembers.groupId, groups));
    ids.push(...members.map((m) => m.id));
  }
  if (!ids.length) return [];
  return contactsWithLanguage(db, tenantOf(tenantId).where(alarmContacts, inArray(alarmContacts.id, [...new Set(ids)])));
}

/** Stores an execution and counts it on its rule. */
export async function recordExecution(db: Db, log: LinkageLogInsert) {
  const [row] = await db.insert(linkageLogs).values(log).returning();
  if (log.ruleId)
    await db
      .update(linkageRules)
      .set({ fireCount: sql`${linkageRules.fireCount} + 1`, lastFireTime: log.fireTime ?? new Date() })
      .where(eq(linkageRules.id, log.ruleId));
  return row;
}

/** The loop guard's stop: the rule is disabled. */
export async function disableLinkageRule(db: Db, id: number) {
  await db.update(linkageRules).set({ enableStatus: 2, updatedAt: new Date() }).where(eq(linkageRules.id, id));
}
