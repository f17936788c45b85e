import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maskEmail, maskPhone } from "@/lib/contract/system/company-settings";
import { departments, users } from "../db/schema";
import { eq } from "drizzle-orm";
import { createTestCloud, type TestCloud } from "../testing";
import { loadMasker, loadPhoneSet, PHONE_SET_KEY } from "./phone-set";
import { saveSetting } from "../db/queries/settings";

/** Time allowed for setup and each test: generous, as the machine running them may be busy (no test measures time). */
const SETUP_MS = 180_000;
let cloud: TestCloud;
beforeAll(async () => {
  cloud = await createTestCloud();
}, SETUP_MS);
afterAll(() => cloud?.close());

describe("phone-set", { timeout: SETUP_MS }, () => {
  it("masks phones as 3 + **** + 4 and e-mails after their first 3 characters", () => {
    expect(maskPhone("13800000000")).toBe("138****0000");
    expect(maskEmail("demoadmin@example.com")).toBe("dem***@example.com");
  });

  it("reads the defaults (nothing masked) until a tenant saves its settings", async () => {
    expect(await loadPhoneSet(cloud.db, 2)).toEqual({ phoneMask: false, emailMask: false, exemptUserIds: [], exemptDepartmentIds: [] });
    const m = await loadMasker(cloud.db, { tenantId: 2, userId: await cloud.userId("operator01", 2) });
    expect(m.phone("13900000001")).toBe("13900000001");
  });

  it("exempts named users and members of exempt departments and the departments below them", async () => {
    const operator = await cloud.userId("operator01", 2);
    const admin = await cloud.userId("demoadmin", 2);
    const [top] = await cloud.db.insert(departments).values({ tenantId: 2, departmentName: "研发" }).returning();
    const [sub] = await cloud.db.insert(departments).values({ tenantId: 2, parentId: top.id, departmentName: "测试组" }).returning();
    await cloud.db.update(users).set({ departmentId: sub.id }).where(eq(users.id, operator));
    await saveSetting(cloud.db, 2, PHONE_SET_KEY, { phoneMask: true, emailMask: false, exemptUserIds: [], exemptDepartmentIds: [] }, cloud.now());
    const masked = await loadMasker(cloud.db, { tenantId: 2, userId: operator });
    expect([masked.phone("13800000000"), masked.email("demoadmin@example.com"), masked.phone(null)]).toEqual(["138****0000", "demoadmin@example.com", null]);
    await saveSetting(cloud.db, 2, PHONE_SET_KEY, { phoneMask: true, emailMask: true, exemptUserIds: [admin], exemptDepartmentIds: [top.id] }, cloud.now());
    expect((await loadMasker(cloud.db, { tenantId: 2, userId: operator })).phone("13800000000")).toBe("13800000000");
    expect((await loadMasker(cloud.db, { tenantId: 2, userId: admin })).email("a@b.cn")).toBe("a@b.cn");
    const other = await cloud.addUser({ tenantId: 2, username: "viewer01", password: "Viewer@2026" });
    expect((await loadMasker(cloud.db, { tenantId: 2, userId: other })).email("operator01@example.com")).toBe("ope***@example.com");
  });
});
