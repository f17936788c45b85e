import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { SearchHit } from "@/lib/contract/search";
import { devices, pointGroups, projects } from "../../db/schema";
import { signedIn, SETUP_MS, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";
import { initialsOf } from "./search";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

const find = (keyword: string, token = admin, language = "en") => cloud.request<SearchHit[]>(`/sys/search/global?keyword=${encodeURIComponent(keyword)}`, { token, language });

describe("sys/search/global (issue 40: ⌘K over real data)", { timeout: SETUP_MS }, () => {
  it("finds a device by SN and a point by pinyin initials, each with its screen", async () => {
    const [d] = await cloud.db.select({ id: devices.id, sn: devices.deviceSn, projectId: devices.projectId }).from(devices).where(tenantOf(2).where(devices)).orderBy(asc(devices.id)).limit(1);
    const bySn = await find(d.sn.toLowerCase());
    expect(bySn.body.code).toBe(200);
    expect(bySn.body.data.find((h) => h.kind === "device" && h.id === d.id)).toMatchObject({ href: `/devices/viewDevice?id=${d.id}` });
    expect(bySn.body.data.find((h) => h.id === d.id)?.hint).toContain(d.sn);

    const [p] = await cloud.db.insert(pointGroups).values({ tenantId: 2, projectId: d.projectId!, groupName: "沉降监测一号", monitorKind: "settlement", zeroType: 1, deviceIds: [d.id], sort: 0 }).returning();
    expect(initialsOf("沉降监测一号")).toBe("cjjcyh");
    const byInitials = await find("cjjc");
    expect(byInitials.body.data.find((h) => h.kind === "point" && h.id === p.id)).toMatchObject({ title: "沉降监测一号", href: `/pointCorrelation/pointDetails?id=${p.id}` });
    // The kind named in the caller's language.
    expect(byInitials.body.data.find((h) => h.id === p.id && h.kind === "point")?.hint).toContain("Settlement");
    expect((await find("cjjc", admin, "zh-cn")).body.data.find((h) => h.id === p.id && h.kind === "point")?.hint).toContain("沉降");
    await cloud.db.delete(pointGroups).where(eq(pointGroups.id, p.id));
  });

  it("answers within what the caller may see, and refuses an empty keyword clearly", async () => {
    const [other] = await cloud.db.insert(projects).values({ tenantId: 2, prjName: "隐蔽工程ZQX" }).returning();
    try {
      expect((await find("ZQX")).body.data.map((h) => h.kind)).toContain("project");
      // The operator is no member of the new project.
      expect((await find("ZQX", operator)).body.data.filter((h) => h.kind === "project")).toEqual([]);
    } finally {
      await cloud.db.delete(projects).where(eq(projects.id, other.id));
    }
    const empty = await find(" ");
    expect(empty.body.code).toBe(400);
    expect(empty.body.msg).toBeTruthy();
  });
});
