import { and, eq, inArray, sql } from "drizzle-orm";
import { alarmContactGroup } from "@/lib/contract/alarm/contact";
import { LINK_TYPE } from "@/lib/contract/alarm/enums";
import type { Db } from "../../db/client";
import { alarmContactGroupMembers, alarmContactGroups, alarmContacts, alarmRuleRecipients } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { legacyCrudRoutes } from "../../lib/legacy-crud-routes";
import { body, notFound, ok } from "../../lib/http";
import { requirePerm } from "../../lib/auth";
import { tenantScope } from "../../lib/scope";
import { readRecipients } from "./link";

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

const checked = alarmContactGroup.body;
const checkedUpdate = alarmContactGroup.body.extend({ id: alarmContactGroup.update.shape.id });

/** Alarm contact groups (linkGroup): a name and its contacts, saved together; read by their screen and the recipient pickers (names and counts only). */
export const linkGroupRoutes = legacyCrudRoutes({
  table: alarmContactGroups,
  entity: alarmContactGroup,
  only: ["page", "info", "del"],
  paths: { page: "/list" },
  read: readRecipients,
  extra: {
    memberCount: sql<number>`(select count(*)::int ${members})`,
    memberNames: sql<string>`(select coalesce(string_agg(k.link_name, ', ' order by k.id), '') ${members})`,
    contactIds: sql<number[]>`(select coalesce(json_agg(m.contact_id order by m.contact_id), '[]'::json) ${members})`,
    leaderIds: sql<number[]>`(select coalesce(json_agg(m.contact_id order by m.contact_id) filter (where m.leader), '[]'::json) ${members})`,
  },
  inUse: [{ table: alarmRuleRecipients, column: alarmRuleRecipients.linkId, where: eq(alarmRuleRecipients.linkType, LINK_TYPE.group), what: "alarm.rule.entity" }],
})
  .post("/add", requirePerm("alarm:link:add"), async (c) => {
    const input = await body(c, checked);
    const db = c.var.deps.db;
    await assertOwnContacts(db, c, input.contactIds);
    const row = await db.transaction(async (tx) => {
      const [g] = await tx
        .insert(alarmContactGroups)
        .values(tenantScope(c.var.auth).owned({ groupName: input.groupName, description: input.description || null }))
        .returning({ id: alarmContactGroups.id });
      await setMembers(tx, g.id, input.contactIds, input.leaderIds);
      return g;
    });
    return ok(c, row);
  })
  .post("/upd", requirePerm("alarm:link:upd"), async (c) => {
    const input = await body(c, checkedUpdate);
    const db = c.var.deps.db;
    await assertOwnContacts(db, c, input.contactIds);
    await db.transaction(async (tx) => {
      const [g] = await tx
        .update(alarmContactGroups)
        .set({ groupName: input.groupName, description: input.description || null, updatedAt: c.var.deps.now() })
        .where(tenantScope(c.var.auth).where(alarmContactGroups, and(eq(alarmContactGroups.id, input.id))))
        .returning({ id: alarmContactGroups.id });
      if (!g) throw notFound();
      await setMembers(tx, g.id, input.contactIds, input.leaderIds);
    });
    return ok(c, { id: input.id });
  });
