import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { group, groupApi } from "@/lib/contract/system/group";
import { departments, userGroupMembers, userGroups, users } from "../../db/schema";
import type { Db } from "../../db/client";
import type { Auth, Ctx } from "../../lib/context";
import { assertUnique } from "../../lib/crud";
import { crudRoutes } from "../../lib/crud-routes";
import { joinedText, textColumns } from "../../lib/i18n-text";
import { badRequest, notFound } from "../../lib/http";
import { serve } from "../../lib/serve";
import { assertTenantUsers } from "../../db/queries/org";
import { tenantScope } from "../../lib/scope";
import { userNameIn } from "../../db/queries/names";

/** The group, if it is one of the caller's tenant; another tenant's group is "not found". */
async function ownGroup(db: Db, auth: Auth, id: number) {
  const [g] = await db.select().from(userGroups).where(tenantScope(auth).where(userGroups, eq(userGroups.id, id)));
  if (!g) throw notFound();
  return g;
}

/** Group names are unique within a tenant. */
const assertNameFree = (db: Db, auth: Auth, groupName: string) =>
  assertUnique(db, userGroups, (...conds) => tenantScope(auth).where(userGroups, ...conds), userGroups.groupName, groupName, undefined, badRequest("cloud.groupNameTaken"));

async function addMembers(db: Db, groupId: number, userIds: number[]) {
  if (!userIds.length) return;
  await db
    .insert(userGroupMembers)
    .values([...new Set(userIds)].map((userId) => ({ groupId, userId })))
    .onConflictDoNothing();
}

type Members = { groupId: number; userIds: number[] };

/**
 * A change of a group's members: the group must be the caller's and, where users join, they must
 * be the tenant's; answers the group's id.
 */
function membersChange(joining: boolean, change: (db: Db, input: Members) => Promise<void>) {
  return async (c: Ctx, input: Members) => {
    const db = c.var.deps.db;
    await ownGroup(db, c.var.auth, input.groupId);
    if (joining) await assertTenantUsers(db, c.var.auth.tenantId, input.userIds);
    await change(db, input);
    return { id: input.groupId };
  };
}

export const groupServed = [
  ...crudRoutes({
    table: userGroups,
    entity: group,
    calls: groupApi,
    extra: { memberCount: sql<number>`(select count(*)::int from ${userGroupMembers} where ${userGroupMembers.groupId} = ${userGroups.id})` },
    unique: [{ field: "groupName", error: "cloud.groupNameTaken" }],
  }),
  serve(groupApi.members, async (c, { groupId }) => {
    const db = c.var.deps.db;
    await ownGroup(db, c.var.auth, groupId);
    return db
      .select({ id: users.id, username: users.username, realname: userNameIn(c.var.locale), departmentId: users.departmentId, departmentName: joinedText(c.var.locale, departments.departmentName, departments.i18n, "departmentName") })
      .from(userGroupMembers)
      .innerJoin(users, eq(users.id, userGroupMembers.userId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(eq(userGroupMembers.groupId, groupId))
      .orderBy(asc(users.id));
  }),
  serve(groupApi.addWithMembers, async (c, input) => {
    const db = c.var.deps.db;
    await assertNameFree(db, c.var.auth, input.groupName);
    await assertTenantUsers(db, c.var.auth.tenantId, input.userIds);
    return db.transaction(async (t) => {
      const [g] = await t
        .insert(userGroups)
        .values(tenantScope(c.var.auth).owned({ groupName: input.groupName, remark: input.remark || null, ...textColumns(c.var.locale, null, input) }))
        .returning({ id: userGroups.id });
      await addMembers(t, g.id, input.userIds);
      return g;
    });
  }),
  // Members as a whole, added, or removed.
  serve(
    groupApi.setMembers,
    membersChange(true, (db, { groupId, userIds }) =>
      db.transaction(async (t) => {
        await t.delete(userGroupMembers).where(eq(userGroupMembers.groupId, groupId));
        await addMembers(t, groupId, userIds);
      }),
    ),
  ),
  serve(groupApi.addMembers, membersChange(true, (db, { groupId, userIds }) => addMembers(db, groupId, userIds))),
  serve(
    groupApi.delMembers,
    membersChange(false, async (db, { groupId, userIds }) => {
      await db.delete(userGroupMembers).where(and(eq(userGroupMembers.groupId, groupId), inArray(userGroupMembers.userId, userIds)));
    }),
  ),
];
