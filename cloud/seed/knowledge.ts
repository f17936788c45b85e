import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { searchTextOf } from "../lib/segment";
import { knowledgeGrants, knowledgeLogs, knowledgeNodes } from "../db/schema";

/**
 * Demo knowledge base: a base of the demo administrator with folders, and view-only for the
 * operator, so the tree, its menu and the log show something on first start. Files need the files
 * folder, which the seed does not know; they come from uploads.
 */
export async function seedKnowledge(db: Db, o: { tenantId: number; admin: number; operator: number }) {
  const [base] = await db
    .insert(knowledgeNodes)
    .values({ tenantId: o.tenantId, fileType: 9, fileName: "结构监测规范", fileDesc: "沉降、倾斜、裂缝监测的规范与作业指导", ownerId: o.admin, searchText: searchTextOf("结构监测规范", "沉降、倾斜、裂缝监测的规范与作业指导") })
    .returning();
  await db.update(knowledgeNodes).set({ headerId: base.id }).where(eq(knowledgeNodes.id, base.id));
  const folders = await db
    .insert(knowledgeNodes)
    .values(["沉降监测", "倾斜监测", "裂缝监测", "运维手册"].map((fileName) => ({ tenantId: o.tenantId, headerId: base.id, fileType: 1, fileName, ownerId: o.admin, searchText: searchTextOf(fileName) })))
    .returning();
  await db.insert(knowledgeGrants).values({ nodeId: base.id, authType: 1, userId: o.operator });
  await db.insert(knowledgeLogs).values([
    { tenantId: o.tenantId, type: 1, nodeId: base.id, fileName: base.fileName, headerName: base.fileName, userId: o.admin, realname: "演示管理员" },
    ...folders.map((f) => ({ tenantId: o.tenantId, type: 1, nodeId: f.id, fileName: f.fileName, headerName: base.fileName, userId: o.admin, realname: "演示管理员" })),
    { tenantId: o.tenantId, type: 6, nodeId: base.id, fileName: base.fileName, headerName: base.fileName, userId: o.admin, realname: "演示管理员" },
  ]);
}
