import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CompanySettings, ExpireWarn, ExpireWarnCurrent } from "@/lib/contract/system/company-settings";
import { departments, tenants } from "../../db/schema";
import { signedIn, SETUP_MS, type TestCloud } from "../../testing";
import { tenantOf } from "../../lib/scope";
import { Coordinator, type SignalBus } from "../../lib/coordination";
import type { Db } from "../../db/client";
import { followTenantZones, tenantZone } from "../../db/queries/company";

let cloud: TestCloud;
let platform: string;
let demo: string;
let operator: string;
signedIn((s) => ({ cloud, platform, admin: demo, operator } = s));

describe("sys/company", { timeout: SETUP_MS }, () => {
  it("saves company, login page and colour for the caller's tenant only, and the login screen sees it", async () => {
    const comp = await cloud.request("/sys/company/saveComp", { token: demo, body: { compName: "示范公司", compLogo: "a/logo.png", compNameShort: "示范", compLogoShort: "" } });
    expect(comp.body.code).toBe(200);
    const login = await cloud.request("/sys/company/saveLogin", {
      token: demo,
      body: { loginText: "欢迎", loginLink: "https://example.com", loginBanner: ["b/1.png", "b/2.png"], loginLogo: "l.png", loginBackdrop: "" },
    });
    expect(login.body.code).toBe(200);
    const info = await cloud.request<CompanySettings>("/sys/company/info", { token: demo });
    expect(info.body.data).toMatchObject({ compName: "示范公司", compNameShort: "示范", loginText: "欢迎", loginBanner: '["b/1.png","b/2.png"]', tenantName: "示范租户", encrypt: { phoneMask: false } });
    const pub = await cloud.request<Record<string, string>>("/sys/login/getCompany?tId=2");
    expect(pub.body.data).toMatchObject({ compName: "示范公司", loginLogo: "l.png" });
    expect((await cloud.request<Record<string, string>>("/sys/login/getCompany?tId=1")).body.data.compName).not.toBe("示范公司");
  });

  it("keeps one time zone per tenant, Shanghai by default (issue 40)", async () => {
    expect((await cloud.request<CompanySettings>("/sys/company/info", { token: demo })).body.data.timeZone).toBe("Asia/Shanghai");
    const bad = await cloud.request("/sys/company/saveTimeZone", { token: demo, language: "en", body: { timeZone: "Mars/Olympus" } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/^Time zone: /);
    expect((await cloud.request("/sys/company/saveTimeZone", { token: operator, body: { timeZone: "UTC" } })).body.code).toBe(403);
    expect((await cloud.request("/sys/company/saveTimeZone", { token: demo, body: { timeZone: "America/New_York" } })).body.code).toBe(200);
    try {
      expect((await cloud.request<Record<string, string>>("/sys/login/getCompany?tId=2")).body.data.timeZone).toBe("America/New_York");
      // Another tenant keeps its own.
      expect((await cloud.request<Record<string, string>>("/sys/login/getCompany?tId=1")).body.data.timeZone).toBe("Asia/Shanghai");
    } finally {
      await cloud.request("/sys/company/saveTimeZone", { token: demo, body: { timeZone: "Asia/Shanghai" } });
    }
  });

  it("a zone saved through one instance is read fresh by every other at once (issue 33)", async () => {
    // Two instances: each has its own Db (here a second view of the same database) and its own cache, joined by a signal bus.
    const listeners = new Set<(p: string) => void>();
    const bus: SignalBus = { notify: async (p) => listeners.forEach((l) => l(p)), listen: async (on) => (listeners.add(on), async () => void listeners.delete(on)) };
    const other = Object.create(cloud.db) as Db;
    const here = new Coordinator(cloud.db, { bus });
    const there = new Coordinator(other, { bus });
    const unfollow = followTenantZones(other, there);
    cloud.deps.cluster = here;
    const tenantId = (await cloud.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, "示范租户")))[0].id;
    try {
      expect(await tenantZone(other, tenantId)).toBe("Asia/Shanghai");
      expect((await cloud.request("/sys/company/saveTimeZone", { token: demo, body: { timeZone: "Asia/Kolkata" } })).body.code).toBe(200);
      expect(await tenantZone(other, tenantId)).toBe("Asia/Kolkata");
    } finally {
      await cloud.request("/sys/company/saveTimeZone", { token: demo, body: { timeZone: "Asia/Shanghai" } });
      cloud.deps.cluster = undefined;
      unfollow();
      await Promise.all([here.close(), there.close()]);
    }
    expect(await tenantZone(other, tenantId)).toBe("Asia/Shanghai");
  });

  it("stores colours as hex and names the wrong form", async () => {
    const rgb = await cloud.request<{ skinColor: string }>("/sys/company/saveColor", { token: demo, body: { skinColor: "rgb(64, 158, 255)" } });
    expect(rgb.body.data.skinColor).toBe("#409EFF");
    const hex = await cloud.request<{ skinColor: string }>("/sys/company/saveColor", { token: demo, body: { skinColor: "#12ab3c" } });
    expect(hex.body.data.skinColor).toBe("#12AB3C");
    const badHex = await cloud.request("/sys/company/saveColor", { token: demo, language: "en", body: { skinColor: "#12ab3" } });
    expect(badHex.body).toMatchObject({ code: 400, msg: "Theme colour: Wrong hex colour value" });
    const badRgb = await cloud.request("/sys/company/saveColor", { token: demo, language: "en", body: { skinColor: "rgb(300, 1, 1)" } });
    expect(badRgb.body).toMatchObject({ code: 400, msg: "Theme colour: Wrong rgb colour value" });
    expect((await cloud.request<Record<string, string>>("/sys/login/getCompany?tId=2")).body.data.skinColor).toBe("#12AB3C");
  });

  it("limits the banner list and checks the link", async () => {
    const many = await cloud.request("/sys/company/saveLogin", { token: demo, language: "en", body: { loginBanner: ["1", "2", "3", "4", "5", "6"] } });
    expect(many.body).toMatchObject({ code: 400, msg: "Banner carousel: Choose at most 5" });
    const link = await cloud.request("/sys/company/saveLogin", { token: demo, language: "en", body: { loginLink: "javascript:alert(1)" } });
    expect(link.body).toMatchObject({ code: 400, msg: "Link: Wrong format" });
  });

  it("saves masking with exemptions of the tenant's own users and departments", async () => {
    const [dept] = await cloud.db.select().from(departments).where(tenantOf(2).where(departments)).limit(1);
    const operatorId = await cloud.userId("operator01", 2);
    const save = await cloud.request("/sys/company/saveEncrypt", { token: demo, body: { phoneMask: true, emailMask: true, exemptUserIds: [operatorId], exemptDepartmentIds: [dept.id] } });
    expect(save.body.code).toBe(200);
    const info = await cloud.request<CompanySettings>("/sys/company/info", { token: demo });
    expect(info.body.data.encrypt).toEqual({ phoneMask: true, emailMask: true, exemptUserIds: [operatorId], exemptDepartmentIds: [dept.id] });
    const superId = await cloud.userId("superadmin", 1);
    const foreign = await cloud.request("/sys/company/saveEncrypt", { token: demo, language: "en", body: { phoneMask: true, emailMask: false, exemptUserIds: [superId] } });
    expect(foreign.body).toMatchObject({ code: 400, msg: "exemptUserIds: Invalid option" });
  });

  it("needs the permission codes", async () => {
    expect((await cloud.request("/sys/company/saveColor", { token: operator, body: { skinColor: "#000000" } })).status).toBe(403);
    expect((await cloud.request("/sys/company/info", { token: operator })).status).toBe(403);
  });

  it("expiry warning: platform settings, and the current warning for tenant users", async () => {
    expect((await cloud.request("/sys/company/expireWarn/info", { token: demo })).status).toBe(403);
    expect((await cloud.request("/sys/company/expireWarn/save", { token: demo, body: { enabled: true, days: 7 } })).status).toBe(403);
    const bad = await cloud.request("/sys/company/expireWarn/save", { token: platform, language: "en", body: { enabled: true, days: 10 } });
    expect(bad.body).toMatchObject({ code: 400, msg: "Warn this long ahead: Invalid option" });
    const saved = await cloud.request("/sys/company/expireWarn/save", { token: platform, body: { enabled: true, days: 7 } });
    expect(saved.body.code).toBe(200);
    expect((await cloud.request<ExpireWarn>("/sys/company/expireWarn/info", { token: platform })).body.data).toEqual({ enabled: true, days: 7 });

    const current = () => cloud.request<ExpireWarnCurrent>("/sys/company/expireWarn/current", { token: operator }).then((r) => r.body.data);
    expect(await current()).toEqual({ show: false, daysLeft: null, contractEnd: null });
    // The test clock is 2026-03-02 08:00 UTC; the contract's last day is 2026-03-08.
    await cloud.db.update(tenants).set({ contractEnd: new Date("2026-03-08T23:59:59.999Z") }).where(eq(tenants.id, 2));
    expect(await current()).toEqual({ show: true, daysLeft: 7, contractEnd: "2026-03-08" });
    await cloud.db.update(tenants).set({ contractEnd: new Date("2026-03-09T23:59:59.999Z") }).where(eq(tenants.id, 2));
    expect(await current()).toMatchObject({ show: false, daysLeft: 8 });
    await cloud.request("/sys/company/expireWarn/save", { token: platform, body: { enabled: false, days: 30 } });
    expect(await current()).toMatchObject({ show: false, daysLeft: 8 });
    expect((await cloud.request<ExpireWarnCurrent>("/sys/company/expireWarn/current", { token: platform })).body.data.show).toBe(false);
  });
});
