import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { searchTextOf } from "../lib/segment";
import { knowledgeGrants, knowledgeLogs, knowledgeNodes } from "../db/schema";
import { DEMO_DOCS, demoDocPath } from "./knowledge-docs";

/**
 * Demo knowledge base: a base of the demo administrator with folders and our own short guides in
 * both languages (`DEMO_DOCS`: text files the assistant quotes, written to the files folder at
 * start), view-only for the operator, so the tree, its menu, the log and the assistant have
 * something real on first start.
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
  const folderOf = new Map(folders.map((f) => [f.fileName, f.id]));
  const docs = await db
    .insert(knowledgeNodes)
    .values(
      DEMO_DOCS.flatMap((d) =>
        ([0, 1] as const).map((lang) => ({
          tenantId: o.tenantId,
          headerId: base.id,
          parentId: folderOf.get(d.folder)!,
          fileType: 2,
          fileName: `${d.name[lang]}.txt`,
          fileDesc: d.desc[lang],
          filePath: demoDocPath(o.tenantId, d.key, lang),
          fileSize: Buffer.byteLength(d.text[lang]),
          content: d.text[lang],
          ownerId: o.admin,
          searchText: searchTextOf(`${d.name[lang]}.txt`, d.desc[lang], d.text[lang]),
        })),
      ),
    )
    .returning();
  await db.insert(knowledgeGrants).values({ nodeId: base.id, authType: 1, userId: o.operator });
  await db.insert(knowledgeLogs).values([
    { tenantId: o.tenantId, type: 1, nodeId: base.id, fileName: base.fileName, headerName: base.fileName, userId: o.admin, realname: "演示管理员" },
    ...folders.map((f) => ({ tenantId: o.tenantId, type: 1, nodeId: f.id, fileName: f.fileName, headerName: base.fileName, userId: o.admin, realname: "演示管理员" })),
    ...docs.map((f) => ({ tenantId: o.tenantId, type: 2, nodeId: f.id, fileName: f.fileName, headerName: base.fileName, userId: o.admin, realname: "演示管理员" })),
    { tenantId: o.tenantId, type: 6, nodeId: base.id, fileName: base.fileName, headerName: base.fileName, userId: o.admin, realname: "演示管理员" },
  ]);
}
