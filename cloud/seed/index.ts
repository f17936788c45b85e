import { seedAlarmCentre } from "./alarm-centre";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { menus, roleMenus, roleTenants, roles, tenants, userRoles, users } from "../db/schema";
import { hashPassword } from "../lib/crypto";
import { PLATFORM_TENANT_ID } from "../lib/auth";
import { ensureRootDepartment } from "../db/queries/org";
import { seedDemoAlarms } from "./alarms";
import { seedDemoData } from "./demo-data";
import { seedDemoDevices } from "./devices";
import { seedDemoCameras } from "./cameras";
import { seedDemoRobots } from "./robots";
import { seedMonitoring } from "./monitoring";
import { seedDemoSpaces } from "./spaces";
import { seedLinkage } from "./linkage";
import { seedBetonRules, seedDeviceOps } from "./device-ops";
import { demoDeviceSecret } from "../simulator/key";
import { seedProducts } from "./product-data";
import { seedSystemData } from "./system-data";
import { operatorButtons, operatorPaths, sysMenuTree, tenantMenuTree, type MenuSeed } from "./menu-tree";
import { seedKnowledge } from "./knowledge";
import { bilingual } from "./bilingual";
import { seedDemoPush } from "./push";
import { seedDemoScenes } from "./scenes";
import { seedDemoOta } from "./ota";
import { seedSim } from "./sim";
import { seedDemoReports } from "./reports";

/** Demo accounts; passwords overridable by environment variables (documented in the README). */
export const DEMO_ACCOUNTS = {
  superadmin: { env: "SUPERADMIN_PASSWORD", password: "Super@2026" },
  demoadmin: { env: "DEMOADMIN_PASSWORD", password: "Demo@2026" },
  operator01: { env: "OPERATOR01_PASSWORD", password: "Operator@2026" },
} as const;

export type SeedOptions = { passwords?: Partial<Record<keyof typeof DEMO_ACCOUNTS, string>> };

function passwordFor(name: keyof typeof DEMO_ACCOUNTS, opts: SeedOptions) {
  return opts.passwords?.[name] ?? process.env[DEMO_ACCOUNTS[name].env] ?? DEMO_ACCOUNTS[name].password;
}

type Inserted = { id: number; parentId: number | null; path?: string; perms?: string; button: boolean };

async function insertTree(db: Db, scope: "sys" | "tenant", nodes: MenuSeed[], parentId: number | null): Promise<Inserted[]> {
  const out: Inserted[] = [];
  for (const [i, node] of nodes.entries()) {
    const [row] = await db
      .insert(menus)
      .values({
        scope,
        parentId,
        name: node.name,
        nameEn: node.nameEn,
        icon: node.icon ?? null,
        sort: i + 1,
        type: node.perms && !node.path ? "button" : "menu",
        path: node.path ?? null,
        perms: node.perms ?? null,
        frame: node.frame ?? 0,
        framePath: node.framePath ?? null,
      })
      .returning({ id: menus.id });
    out.push({ id: row.id, parentId, path: node.path, perms: node.perms, button: !node.path && !!node.perms });
    if (node.children?.length) {
      const kids = await insertTree(db, scope, node.children, row.id);
      // A button belongs to the entry above it: it carries the entry's path.
      out.push(...kids.map((k) => ({ ...k, path: k.path ?? node.path })));
    }
  }
  return out;
}

/**
 * First-start data: the platform tenant (id 1) and a demo tenant, both menu trees, roles and the
 * three demo accounts. Runs once: a database that already has tenants is left alone.
 */
const SEED_LOCK = 0x10c0_0003;

export async function seed(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(tenants);
  if (count > 0) return false;
  const [superHash, demoHash, operatorHash] = await Promise.all([
    hashPassword(passwordFor("superadmin", opts)),
    hashPassword(passwordFor("demoadmin", opts)),
    hashPassword(passwordFor("operator01", opts)),
  ]);
  return db.transaction(async (t) => {
    // Two instances starting together on an empty database: one seeds, the other finds it seeded.
    await t.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [again] = await t.select({ count: sql<number>`count(*)::int` }).from(tenants);
    if (again.count > 0) return false;
    await t.insert(tenants).values({ id: PLATFORM_TENANT_ID, ...bilingual({ name: ["平台", "Platform"] }), code: "platform" });
    // The explicit id above leave the serial behind; move it past them.
    await t.execute(sql`select setval(pg_get_serial_sequence('tenants', 'id'), (select max(id) from tenants))`);
    const [demo] = await t
      .insert(tenants)
      .values({ ...bilingual({ name: ["示范租户", "Demo tenant"], contact: ["演示管理员", "Demo administrator"], areaName: ["北京市 / 市辖区 / 东城区", "Beijing / Districts / Dongcheng"] }), code: "demo", contactPhone: "13800000000", areaCode: "110101" })
      .returning();

    const sysNodes = await insertTree(t, "sys", sysMenuTree, null);
    const tenantNodes = await insertTree(t, "tenant", tenantMenuTree, null);

    const [admin] = await t.insert(roles).values({ tenantId: PLATFORM_TENANT_ID, ...bilingual({ name: ["平台管理员", "Platform administrator"] }), code: "admin", kind: 1 }).returning();
    // A platform tenant role bundling the whole tenant tree: assigned to the demo tenant, it is
    // what authorises the tenant's menus.
    const [standard] = await t.insert(roles).values({ tenantId: PLATFORM_TENANT_ID, ...bilingual({ name: ["标准版", "Standard edition"], remark: ["全部租户菜单", "Every tenant menu"] }), code: "standard", kind: 2 }).returning();
    await t.insert(roleMenus).values(tenantNodes.map((n) => ({ roleId: standard.id, menuId: n.id })));
    await t.insert(roleTenants).values({ roleId: standard.id, tenantId: demo.id });
    const [tenantAdmin] = await t.insert(roles).values({ tenantId: demo.id, ...bilingual({ name: ["租户管理员", "Tenant administrator"] }), code: "tenantAdmin", kind: 2 }).returning();
    const [projectUser] = await t.insert(roles).values({ tenantId: demo.id, ...bilingual({ name: ["项目用户", "Project user"] }), code: "projectUser", kind: 2 }).returning();

    await t.insert(roleMenus).values(sysNodes.map((n) => ({ roleId: admin.id, menuId: n.id })));
    await t.insert(roleMenus).values(tenantNodes.map((n) => ({ roleId: tenantAdmin.id, menuId: n.id })));
    // Project users open their entries and get only the buttons of handling (no add, edit, delete or review).
    const entries = tenantNodes.filter((n) => (!n.button && n.path && operatorPaths.has(n.path)) || (n.button && n.perms && operatorButtons.has(n.perms)));
    // An entry comes with the folders above it, so the menu tree stays whole.
    const byId = new Map(tenantNodes.map((n) => [n.id, n]));
    const visible = new Map<number, Inserted>();
    for (const entry of entries) {
      for (let n: Inserted | undefined = entry; n && !visible.has(n.id); n = n.parentId ? byId.get(n.parentId) : undefined) visible.set(n.id, n);
    }
    await t.insert(roleMenus).values([...visible.keys()].map((menuId) => ({ roleId: projectUser.id, menuId })));

    const [superadmin, demoadmin, operator] = await t
      .insert(users)
      .values([
        { tenantId: PLATFORM_TENANT_ID, username: "superadmin", passwordHash: superHash, ...bilingual({ realname: ["平台管理员", "Platform administrator"] }), userIdentity: 2 },
        { tenantId: demo.id, username: "demoadmin", passwordHash: demoHash, ...bilingual({ realname: ["演示管理员", "Demo administrator"] }), phone: "13800000000", email: "demoadmin@example.com" },
        { tenantId: demo.id, username: "operator01", passwordHash: operatorHash, ...bilingual({ realname: ["张三", "Zhang San"] }), phone: "13900000001", email: "operator01@example.com" },
      ])
      .returning();
    await t.insert(userRoles).values([
      { userId: superadmin.id, roleId: admin.id },
      { userId: demoadmin.id, roleId: tenantAdmin.id },
      { userId: operator.id, roleId: projectUser.id },
    ]);
    await t.update(tenants).set({ adminUserId: demoadmin.id }).where(sql`${tenants.id} = ${demo.id}`);
    await ensureRootDepartment(t, PLATFORM_TENANT_ID, bilingual({ departmentName: ["平台", "Platform"] }));
    const root = await ensureRootDepartment(t, demo.id, bilingual({ departmentName: [demo.name, demo.i18n?.name?.en ?? demo.name] }));
    await seedDemoData(t, { tenantId: demo.id, admin: demoadmin.id, operator: operator.id, root });
    await seedSystemData(t, { tenantId: demo.id });
    await seedProducts(t, { tenantId: demo.id, platformTenantId: PLATFORM_TENANT_ID, admin: demoadmin.id });
    // After the demo products: a few devices of each, with the simulator's secrets.
    await seedDemoDevices(t, { tenantId: demo.id, secretOf: demoDeviceSecret });
    await seedDemoCameras(t, { tenantId: demo.id, secretOf: demoDeviceSecret });
    await seedDemoRobots(t, { tenantId: demo.id, secretOf: demoDeviceSecret, now: new Date() });
    await seedMonitoring(t, { tenantId: demo.id, admin: demoadmin.id, now: Date.now() });
    await seedDemoSpaces(t, { tenantId: demo.id });
    await seedKnowledge(t, { tenantId: demo.id, admin: demoadmin.id, operator: operator.id });
    await seedDemoAlarms(t, { tenantId: demo.id, admin: { id: demoadmin.id, phone: "13800000000", email: "demoadmin@example.com" }, operator: { id: operator.id, phone: "13900000001", email: "operator01@example.com" } });
    // After the rules: alarms in every status with their handling, to-dos and messages.
    await seedAlarmCentre(t, { tenantId: demo.id, actor: { id: demoadmin.id, name: demoadmin.realname } });
    await seedDeviceOps(t, { tenantId: demo.id, admin: demoadmin.id });
    await seedBetonRules(t, { tenantId: demo.id });
    await seedDemoPush(t, { tenantId: demo.id });
    await seedDemoReports(t, { tenantId: demo.id });
    await seedLinkage(t, { tenantId: demo.id, admin: demoadmin.id });
    await seedDemoScenes(t, { tenantId: demo.id });
    await seedDemoOta(t, { platformTenantId: PLATFORM_TENANT_ID });
    await seedSim(t, { tenantId: demo.id, admin: demoadmin.id, adminName: demoadmin.realname, now: Date.now() });
    return true;
  });
}
