import { and, eq, inArray, sql } from "drizzle-orm";
import { alarmContactGroup, alarmContactGroupApi } from "@/lib/contract/alarm/contact";
import { LINK_TYPE } from "@/lib/contract/alarm/enums";
import type { Db } from "../../db/client";
import { alarmContactGroupMembers, alarmContactGroups, alarmContacts, alarmRuleRecipients } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { crudRoutes } from "../../lib/crud-routes";
import { textColumns } from "../../lib/i18n-text";
import { notFound } from "../../lib/http";
import { serve } from "../../lib/serve";
import { tenantScope } from "../../lib/scope";

// Drizzle writes a column in raw SQL without its table: the outer row is named in full.
const members = sql`from ${alarmContactGroupMembers} m join ${alarmContacts} k on k.id = m.contact_id where m.group_id = "alarm_contact_groups"."id"`;

/** The contacts must be the caller's tenant's; another tenant's id is "not found". */
async function assertOwnContacts(db: Db, c: Ctx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await db.select({ id: alarmContacts.id }).from(alarmContacts).where(tenantScope(c.var.auth).where(alarmContacts, inArray(alarmContacts.id, unique)));
  if (found.length !== unique.length) throw notFound();
}

async function setMembers(db: Db, groupId: number, contactIds: number[], leaderIds: number[]) {
  await db.delete(alarmContactGroupMembers).where(eq(alarmContactGroupMembers.groupId, groupId));
  const ids = [...new Set(contactIds)];
  if (ids.length) await db.insert(alarmContactGroupMembers).values(ids.map((contactId) => ({ groupId, contactId, leader: leaderIds.includes(contactId) })));
}

/** Alarm contact groups (linkGroup): a name and its contacts, saved together. */
export const linkGroupServed = [
  ...crudRoutes({
    table: alarmContactGroups,
    entity: alarmContactGroup,
    // Add and update save the group with its contacts (below).
    calls: { page: alarmContactGroupApi.page, info: alarmContactGroupApi.info, del: alarmContactGroupApi.del },
    extra: (locale) => ({
      memberCount: sql<number>`(select count(*)::int ${members})`,
      memberNames: sql<string>`(select coalesce(string_agg(coalesce(nullif(k.i18n->'linkName'->>${locale}, ''), k.link_name), ', ' order by k.id), '') ${members})`,
      contactIds: sql<number[]>`(select coalesce(json_agg(m.contact_id order by m.contact_id), '[]'::json) ${members})`,
      leaderIds: sql<number[]>`(select coalesce(json_agg(m.contact_id order by m.contact_id) filter (where m.leader), '[]'::json) ${members})`,
    }),
    inUse: [{ table: alarmRuleRecipients, column: alarmRuleRecipients.linkId, where: eq(alarmRuleRecipients.linkType, LINK_TYPE.group), what: "alarm.rule.entity" }],
  }),
  serve(alarmContactGroupApi.add, async (c, input) => {
    const db = c.var.deps.db;
    await assertOwnContacts(db, c, input.contactIds);
    const row = await db.transaction(async (tx) => {
      const [g] = await tx
        .insert(alarmContactGroups)
        .values(tenantScope(c.var.auth).owned({ groupName: input.groupName, description: input.description || null, ...textColumns(c.var.locale, undefined, input) }))
        .returning({ id: alarmContactGroups.id });
      await setMembers(tx, g.id, input.contactIds, input.leaderIds);
      return g;
    });
    return row;
  }),
  serve(alarmContactGroupApi.upd, async (c, input) => {
    const db = c.var.deps.db;
    await assertOwnContacts(db, c, input.contactIds);
    const [before] = await db.select({ i18n: alarmContactGroups.i18n }).from(alarmContactGroups).where(tenantScope(c.var.auth).where(alarmContactGroups, eq(alarmContactGroups.id, input.id)));
    await db.transaction(async (tx) => {
      const [g] = await tx
        .update(alarmContactGroups)
        .set({ groupName: input.groupName, description: input.description || null, ...textColumns(c.var.locale, before?.i18n, input), updatedAt: c.var.deps.now() })
        .where(tenantScope(c.var.auth).where(alarmContactGroups, and(eq(alarmContactGroups.id, input.id))))
        .returning({ id: alarmContactGroups.id });
      if (!g) throw notFound();
      await setMembers(tx, g.id, input.contactIds, input.leaderIds);
    });
    return { id: input.id };
  }),
];
