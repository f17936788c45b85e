import { and, asc, count, desc, eq, ilike, inArray, ne } from "drizzle-orm";
import { Hono } from "hono";
import { idsBody } from "@/lib/contract/common";
import { groupAdd, groupIdQuery, groupQuery, groupRelation, groupRelationChange, groupUpdate, groupWithRelation, type GroupMember, type GroupRow } from "@/lib/contract/system/group";
import { departments, userGroupMembers, userGroups, users } from "../../db/schema";
import type { Db } from "../../db/client";
import { requireAuth, requireMenu, requirePerm } from "../../lib/auth";
import type { Auth, CloudEnv } from "../../lib/context";
import { badRequest, body, notFound, ok, query } from "../../lib/http";
import { ORG_SCREENS, assertTenantUsers } from "../../lib/org";
import { tenantScope } from "../../lib/scope";

/** The group, if it is one of the caller's tenant; another tenant's group is "not found". */
async function ownGroup(db: Db, auth: Auth, id: number) {
  const [g] = await db.select().from(userGroups).where(tenantScope(auth).where(userGroups, eq(userGroups.id, id)));
  if (!g) throw notFound();
  return g;
}

/** Group names are unique within a tenant. */
async function assertNameFree(db: Db, auth: Auth, groupName: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(tenantScope(auth).where(userGroups, eq(userGroups.groupName, groupName), exceptId ? ne(userGroups.id, exceptId) : undefined));
  if (taken) throw badRequest("cloud.groupNameTaken");
}

async function addMembers(db: Db, groupId: number, userIds: number[]) {
  if (!userIds.length) return;
  await db
    .insert(userGroupMembers)
    .values([...new Set(userIds)].map((userId) => ({ groupId, userId })))
    .onConflictDoNothing();
}

export const groupRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .get("/list", requireMenu(...ORG_SCREENS), async (c) => {
    const q = query(c, groupQuery);
    const db = c.var.deps.db;
    const where = tenantScope(c.var.auth).where(userGroups, q.groupName ? ilike(userGroups.groupName, `%${q.groupName}%`) : undefined);
    const memberCount = db.$count(userGroupMembers, eq(userGroupMembers.groupId, userGroups.id));
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ id: userGroups.id, groupName: userGroups.groupName, remark: userGroups.remark, memberCount, createdAt: userGroups.createdAt })
        .from(userGroups)
        .where(where)
        .orderBy(desc(userGroups.id))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      db.select({ total: count() }).from(userGroups).where(where),
    ]);
    const records: GroupRow[] = rows.map(({ createdAt, ...r }) => ({ ...r, createTime: createdAt.toISOString() }));
    return ok(c, { records, total });
  })
  .get("/queryRelation", requireMenu(...ORG_SCREENS), async (c) => {
    const { groupId } = query(c, groupIdQuery);
    const db = c.var.deps.db;
    await ownGroup(db, c.var.auth, groupId);
    const members: GroupMember[] = await db
      .select({ id: users.id, username: users.username, realname: users.realname, departmentId: users.departmentId, departmentName: departments.departmentName })
      .from(userGroupMembers)
      .innerJoin(users, eq(users.id, userGroupMembers.userId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(eq(userGroupMembers.groupId, groupId))
      .orderBy(asc(users.id));
    return ok(c, members);
  })
  .post("/add", requirePerm("sys:group:add"), async (c) => {
    const input = await body(c, groupAdd);
    await assertNameFree(c.var.deps.db, c.var.auth, input.groupName);
    const [row] = await c.var.deps.db
      .insert(userGroups)
      .values(tenantScope(c.var.auth).owned({ groupName: input.groupName, remark: input.remark || null }))
      .returning({ id: userGroups.id });
    return ok(c, row);
  })
  .post("/addGroupWithRelation", requirePerm("sys:group:add"), async (c) => {
    const input = await body(c, groupWithRelation);
    const db = c.var.deps.db;
    await assertNameFree(db, c.var.auth, input.groupName);
    await assertTenantUsers(db, c.var.auth.tenantId, input.userIds);
    const row = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [g] = await t
        .insert(userGroups)
        .values(tenantScope(c.var.auth).owned({ groupName: input.groupName, remark: input.remark || null }))
        .returning({ id: userGroups.id });
      await addMembers(t, g.id, input.userIds);
      return g;
    });
    return ok(c, row);
  })
  .post("/upd", requirePerm("sys:group:upd"), async (c) => {
    const input = await body(c, groupUpdate);
    const db = c.var.deps.db;
    await ownGroup(db, c.var.auth, input.id);
    await assertNameFree(db, c.var.auth, input.groupName, input.id);
    await db
      .update(userGroups)
      .set({ groupName: input.groupName, remark: input.remark || null, updatedAt: c.var.deps.now() })
      .where(tenantScope(c.var.auth).where(userGroups, eq(userGroups.id, input.id)));
    return ok(c, { id: input.id });
  })
  .post("/del", requirePerm("sys:group:del"), async (c) => {
    const { ids } = await body(c, idsBody);
    const gone = await c.var.deps.db
      .delete(userGroups)
      .where(tenantScope(c.var.auth).where(userGroups, inArray(userGroups.id, ids)))
      .returning({ id: userGroups.id });
    if (!gone.length) throw notFound();
    return ok(c, { deleted: gone.length });
  })
  .post("/updGroupRelation", requirePerm("sys:group:upd"), async (c) => {
    const input = await body(c, groupRelation);
    const db = c.var.deps.db;
    await ownGroup(db, c.var.auth, input.groupId);
    await assertTenantUsers(db, c.var.auth.tenantId, input.userIds);
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.delete(userGroupMembers).where(eq(userGroupMembers.groupId, input.groupId));
      await addMembers(t, input.groupId, input.userIds);
    });
    return ok(c, { id: input.groupId });
  })
  .post("/addRelation", requirePerm("sys:group:upd"), async (c) => {
    const input = await body(c, groupRelationChange);
    const db = c.var.deps.db;
    await ownGroup(db, c.var.auth, input.groupId);
    await assertTenantUsers(db, c.var.auth.tenantId, input.userIds);
    await addMembers(db, input.groupId, input.userIds);
    return ok(c, { id: input.groupId });
  })
  .post("/delRelation", requirePerm("sys:group:upd"), async (c) => {
    const input = await body(c, groupRelationChange);
    const db = c.var.deps.db;
    await ownGroup(db, c.var.auth, input.groupId);
    await db.delete(userGroupMembers).where(and(eq(userGroupMembers.groupId, input.groupId), inArray(userGroupMembers.userId, input.userIds)));
    return ok(c, { id: input.groupId });
  });
