import type { Db } from "../db/client";
import { eq, sql } from "drizzle-orm";
import { bilingual } from "./bilingual";
import { departments, projectMembers, projects, stationMessages, userGroupMembers, userGroups, users } from "../db/schema";

type Text = { msgTitle: readonly [string, string]; msgContent: readonly [string, string] };
const WELCOME: Text = {
  msgTitle: ["欢迎使用物联网监测平台", "Welcome to the IoT monitoring platform"],
  msgContent: ["示范租户已就绪：可在系统设置中管理用户、角色和菜单。", "The demo tenant is ready: manage users, roles and menus under System settings."],
};
const OFFLINE: Text = {
  msgTitle: ["设备离线提醒", "Devices offline"],
  msgContent: ["滨江花园二期基坑监测的 2 台倾角传感器已离线超过 30 分钟。", "2 tilt sensors of Binjiang Garden Phase II foundation pit monitoring have been offline for over 30 minutes."],
};
const SETTLEMENT: Text = {
  msgTitle: ["沉降告警", "Settlement alarm"],
  msgContent: ["测点 JC-03 累计沉降 28.6 mm，超过二级预警值 25 mm。", "Point JC-03 has settled 28.6 mm in total, above the level-2 warning value of 25 mm."],
};
const REPORT: Text = {
  msgTitle: ["月度监测报告已生成", "Monthly monitoring report ready"],
  msgContent: ["2026 年 10 月监测报告已生成，可在报告列表下载。", "The October 2026 monitoring report is ready to download from the report list."],
};
const PATROL: Text = {
  msgTitle: ["巡检计划变更", "Inspection plan changed"],
  msgContent: ["本周巡检计划调整为周三、周五两次。", "This week's inspections move to Wednesday and Friday."],
};

/** The demo tenant's projects and messages, so the console has something to show at once (to-dos come from the demo alarms' workflow). */
export async function seedDemoData(db: Db, ids: { tenantId: number; admin: number; operator: number; root: number }) {
  await seedOrg(db, ids);
  const [riverside, metro] = await db
    .insert(projects)
    .values([
      {
        tenantId: ids.tenantId,
        ...bilingual({ prjName: ["滨江花园二期基坑监测", "Binjiang Garden Phase II foundation pit monitoring"], contactName: ["演示管理员", "Demo administrator"], prjAddress: ["江陵路 1788 号", "1788 Jiangling Road"] }),
        prjType: "foundationPit",
        contactPhone: "13800000000",
        areaCode: "330108",
        prjLongitude: 120.2119,
        prjLatitude: 30.2084,
        createdBy: ids.admin,
      },
      {
        tenantId: ids.tenantId,
        ...bilingual({ prjName: ["地铁 5 号线隧道结构监测", "Metro Line 5 tunnel structure monitoring"], contactName: ["张三", "Zhang San"], prjAddress: ["和平里东街 18 号", "18 Hepingli East Street"] }),
        prjType: "tunnel",
        contactPhone: "13900000001",
        areaCode: "110101",
        prjLongitude: 116.4162,
        prjLatitude: 39.9284,
        createdBy: ids.admin,
      },
    ])
    .returning();
  await db.insert(projectMembers).values([
    { projectId: riverside.id, userId: ids.admin },
    { projectId: metro.id, userId: ids.admin },
    { projectId: riverside.id, userId: ids.operator },
  ]);

  const hour = 3600_000;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour);
  const message = (userId: number, text: Text, hoursAgo: number, readStatus = 0, msgType = "notice") => ({
    tenantId: ids.tenantId,
    userId,
    ...bilingual(text),
    msgType,
    readStatus,
    createdAt: at(hoursAgo),
  });
  await db.insert(stationMessages).values([
    message(ids.admin, WELCOME, 72, 1),
    message(ids.admin, OFFLINE, 20),
    message(ids.admin, SETTLEMENT, 6, 0, "ala"),
    message(ids.admin, REPORT, 3),
    message(ids.operator, SETTLEMENT, 6, 0, "ala"),
    message(ids.operator, PATROL, 30),
  ]);
}

/** Two departments under the company, the demo users placed in them, and a duty group. */
async function seedOrg(db: Db, ids: { tenantId: number; admin: number; operator: number; root: number }) {
  const [office, field] = await db
    .insert(departments)
    .values([
      { tenantId: ids.tenantId, parentId: ids.root, ...bilingual({ departmentName: ["综合管理部", "General affairs"], leader: ["演示管理员", "Demo administrator"] }), sort: 1, phone: "010-88886666" },
      { tenantId: ids.tenantId, parentId: ids.root, ...bilingual({ departmentName: ["监测运维部", "Monitoring and operations"], leader: ["张三", "Zhang San"] }), sort: 2 },
    ])
    .returning();
  await db.insert(departments).values({ tenantId: ids.tenantId, parentId: field.id, ...bilingual({ departmentName: ["现场一组", "Field team 1"] }), sort: 1 });
  // Positions in both languages, beside the names the users were seeded with.
  const placed = async (id: number, departmentId: number, position: readonly [string, string], employeeNo: string) => {
    const texts = bilingual({ position });
    await db.update(users).set({ departmentId, position: texts.position, employeeNo, sex: 1, i18n: sql`coalesce(${users.i18n}, '{}'::jsonb) || ${JSON.stringify(texts.i18n)}::jsonb` }).where(eq(users.id, id));
  };
  await placed(ids.admin, office.id, ["系统管理员", "System administrator"], "D0001");
  await placed(ids.operator, field.id, ["监测工程师", "Monitoring engineer"], "D0002");
  const [duty] = await db.insert(userGroups).values({ tenantId: ids.tenantId, ...bilingual({ groupName: ["告警值班组", "Alarm duty group"], remark: ["接收夜间告警通知", "Receives alarm notices at night"] }) }).returning();
  await db.insert(userGroupMembers).values([
    { groupId: duty.id, userId: ids.admin },
    { groupId: duty.id, userId: ids.operator },
  ]);
}
