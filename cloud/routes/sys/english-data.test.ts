import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { DepartmentNode } from "@/lib/contract/system/department";
import type { DictItemNode, DictNode } from "@/lib/contract/system/dict";
import type { DictLookup } from "@/lib/contract/system/dict-lookup";
import type { GroupRow } from "@/lib/contract/system/group";
import type { RoleRow } from "@/lib/contract/system/role";
import type { UserRow } from "@/lib/contract/system/user";
import type { MessageItem } from "@/lib/contract/message";
import type { AlarmInfo, AlarmRecord } from "@/lib/contract/alarm/alarm-center";
import type { Command } from "@/lib/contract/device/command";
import { signedIn, type TestCloud } from "../../testing";
import { DEMO_ACCOUNTS } from "../../seed";

let cloud: TestCloud;
let admin: string;
let platform: string;
signedIn((s) => ({ cloud, admin, platform } = s), ["admin", "platform"]);

const get = async <T>(path: string, token: string, language: string) => {
  const res = await cloud.request<T>(path, { token, language });
  expect(res.body.code).toBe(200);
  return res.body.data;
};

describe("seeded data in the caller's language", () => {
  it("names built-in roles and the tenant role in English, in Chinese by default", async () => {
    const mine = await get<Page<RoleRow>>("/sys/role/page?current=1&size=50", admin, "en");
    expect(mine.records.map((r) => r.name)).toEqual(["Tenant administrator", "Project user"]);
    const zh = await get<Page<RoleRow>>("/sys/role/page?current=1&size=50", admin, "zh-cn");
    expect(zh.records.map((r) => r.name)).toEqual(["租户管理员", "项目用户"]);
    const tenantRoles = await get<Page<RoleRow>>("/sys/role/page?current=1&size=50&kind=2", platform, "en");
    expect(tenantRoles.records).toEqual([expect.objectContaining({ name: "Standard edition", remark: "Every tenant menu" })]);
    // A name is found in the language it is shown in.
    expect((await get<Page<RoleRow>>("/sys/role/page?current=1&size=50&name=administrator", admin, "en")).records.map((r) => r.name)).toEqual(["Tenant administrator"]);
    const info = await get<{ roleNames: string[]; user: { realname: string } }>("/sys/login/userInfo", admin, "en");
    expect(info.roleNames).toEqual(["Tenant administrator"]);
    // The header names the user in the reader's language (the shell reads userInfo on every render).
    expect(info.user.realname).toBe("Demo administrator");
    expect((await get<{ user: { realname: string } }>("/sys/login/userInfo", admin, "zh-cn")).user.realname).toBe("演示管理员");
    const login = await cloud.request<{ user: { realname: string } }>("/sys/login/username", { body: { username: "operator01", password: DEMO_ACCOUNTS.operator01.password, tId: 2 }, language: "en" });
    expect(login.body.data.user.realname).toBe("Zhang San");
    const users = await get<Page<UserRow>>("/sys/user/page?current=1&size=50", admin, "en");
    expect(users.records.find((u) => u.username === "operator01")).toMatchObject({ roleNames: ["Project user"], departmentName: "Monitoring and operations" });
  });

  it("names dictionaries, their items and the project types in English", async () => {
    const lookup = await get<DictLookup>("/sys/dict/codeList?codeList=prjType,position", admin, "en");
    expect(lookup.prjType.map((o) => o.itemName)).toEqual(["Foundation pit", "Tunnel", "Bridge", "Slope", "Building structure", "Metro"]);
    expect(lookup.position[0]).toMatchObject({ itemValue: "projectManager", itemName: "Project manager" });
    const tree = await get<DictNode[]>("/sys/dict/tree?scope=tenant", platform, "en");
    expect(tree.map((d) => d.dictName)).toEqual(expect.arrayContaining(["Project type", "Position", "Product category"]));
    const prjType = tree.find((d) => d.dictCode === "prjType")!;
    expect(prjType.remark).toBe("Project types of project management");
    const items = await get<DictItemNode[]>(`/sys/dictItem/tree?dictId=${prjType.id}`, platform, "en");
    expect(items[0]).toMatchObject({ itemName: "Foundation pit", i18n: { itemName: { "zh-cn": "基坑", en: "Foundation pit" } } });
  });

  it("answers the seeded alarm handling, the notices it left and the command log in the caller's language", async () => {
    const inProject = <T>(path: string, language: string) => cloud.request<T>(path, { token: admin, language, headers: { projectid: "1" } }).then((r) => r.body.data);
    const remarksIn = async (language: string) => {
      const alarms = await inProject<Page<AlarmRecord>>("/alarm/core/page?current=1&size=50", language);
      const infos = await Promise.all(alarms.records.map((a) => inProject<AlarmInfo>(`/alarm/core/info?id=${a.id}`, language)));
      return infos.flatMap((i) => i.operations.filter((o) => o.remark).map((o) => ({ remark: o.remark!, userName: o.userName })));
    };
    const cjk = /[\u3400-\u9fff]/;
    const en = await remarksIn("en");
    expect(en.map((o) => o.remark)).toEqual(expect.arrayContaining(["Struts adjusted", "Repeat survey data missing: please add it", "The obstruction on site was removed: a false alarm"]));
    expect(en.filter((o) => cjk.test(o.remark) || cjk.test(o.userName))).toEqual([]);
    expect((await remarksIn("zh-cn")).map((o) => o.remark)).toEqual(expect.arrayContaining(["已调整支撑", "缺少复测数据，请补充"]));
    // The review's messages name who handed in what, in the reader's language.
    const texts = (await get<Page<MessageItem>>("/msg/station/currUser/page?current=1&size=100", admin, "en")).records.map((m) => `${m.msgTitle} ${m.msgContent}`);
    expect(texts.some((x) => x.includes("Demo administrator handed in the handling result") && x.includes("Struts adjusted"))).toBe(true);
    expect(texts.filter((x) => x.includes("handling result") && cjk.test(x))).toEqual([]);
    const zhTexts = (await get<Page<MessageItem>>("/msg/station/currUser/page?current=1&size=100", admin, "zh-cn")).records.map((m) => m.msgContent);
    expect(zhTexts.some((x) => x.includes("演示管理员") && x.includes("已调整支撑"))).toBe(true);
    // The command log: the device and who sent it, as they were called then, in the reader's language.
    const commands = await inProject<Page<Command>>("/comm/instructIot/page?current=1&size=50", "en");
    expect(commands.records.length).toBeGreaterThan(0);
    expect(new Set(commands.records.map((r) => r.sentByName))).toEqual(new Set(["Demo administrator"]));
    expect(commands.records.filter((r) => cjk.test(r.deviceName ?? ""))).toEqual([]);
    const zhCommands = await inProject<Page<Command>>("/comm/instructIot/page?current=1&size=50", "zh-cn");
    expect(new Set(zhCommands.records.map((r) => r.sentByName))).toEqual(new Set(["演示管理员"]));
  });

  it("names departments, groups and seeded messages in English", async () => {
    const tree = await get<DepartmentNode[]>("/sys/department/currentUser/tree", admin, "en");
    expect(tree[0].departmentName).toBe("Demo tenant");
    expect(tree[0].childrens.map((d) => d.departmentName)).toEqual(["General affairs", "Monitoring and operations"]);
    const root = await get<DepartmentNode[]>("/sys/department/currentUser/tree", platform, "en");
    expect(root[0].departmentName).toBe("Platform");
    const groups = await get<Page<GroupRow>>("/sys/group/list?current=1&size=50", admin, "en");
    expect(groups.records).toEqual([expect.objectContaining({ groupName: "Alarm duty group", remark: "Receives alarm notices at night" })]);
    expect((await get<Page<GroupRow>>("/sys/group/list?current=1&size=50&groupName=duty", admin, "en")).total).toBe(1);
    expect((await get<Page<GroupRow>>(`/sys/group/list?current=1&size=50&groupName=${encodeURIComponent("值班")}`, admin, "en")).total).toBe(1);
    const messages = await get<Page<MessageItem>>("/msg/station/currUser/page?current=1&size=50", admin, "en");
    expect(messages.records.map((m) => m.msgTitle)).toContain("Welcome to the IoT monitoring platform");
  });

  it("names alarm levels, thing models and notification templates in English", async () => {
    const levels = await cloud.request<Page<{ levelName: string }>>("/alarm/level/list?size=50", { token: admin, language: "en", headers: { projectid: "1" } });
    expect(levels.body.data.records.map((l) => l.levelName).sort()).toEqual(["Alarm", "Control", "Notice", "Warning"]);
    const models = await get<Page<{ modelName: string }>>("/device/objModel/page?current=1&size=50", admin, "en");
    expect(models.records.map((m) => m.modelName)).toContain("Generic wireless sensor");
    const sms = await get<Page<{ name: string }>>("/msg/template/page?channel=2&size=100", admin, "en");
    expect(sms.records.map((t) => t.name)).toContain("Alarm SMS");
  });

  it("names the seeded scene in English, on the scene list and the building screen", async () => {
    const scenes = (language: string) => cloud.request<Page<{ id: number; sceneName: string }>>("/device/scene/page?current=1&size=50", { token: admin, language, headers: { projectid: "1" } });
    const [en] = (await scenes("en")).body.data.records;
    expect(en.sceneName).toBe("Site plan");
    expect((await scenes("zh-cn")).body.data.records[0].sceneName).toBe("总平面图");
    const view = await cloud.request<{ scene: { sceneName: string } }>(`/device/device/devPointScreen?sceneId=${en.id}`, { token: admin, language: "en", headers: { projectid: "1" } });
    expect(view.body.data.scene.sceneName).toBe("Site plan");
  });

  it("names seeded products in English wherever a product's name is shown, found by it, renamed without losing the Chinese", async () => {
    const inProject = <T>(path: string, language: string) => cloud.request<T>(path, { token: admin, language, headers: { projectid: "1" } }).then((r) => r.body.data);
    const products = await get<Page<{ id: number; prodName: string }>>("/device/product/page?current=1&size=50", admin, "en");
    expect(products.records.map((p) => p.prodName)).toEqual(expect.arrayContaining(["Biaxial tilt meter", "Multi-channel acquisition gateway"]));
    const tilt = products.records.find((p) => p.prodName === "Biaxial tilt meter")!;
    expect((await get<{ prodName: string }>(`/device/product/info?id=${tilt.id}`, admin, "zh-cn")).prodName).toBe("双轴倾角计");
    // Found in the language it is shown in, and by its Chinese name too.
    expect((await get<Page<{ id: number }>>("/device/product/page?current=1&size=50&prodName=tilt%20meter", admin, "en")).records.map((p) => p.id)).toEqual([tilt.id]);
    expect((await get<Page<{ id: number }>>(`/device/product/page?current=1&size=50&prodName=${encodeURIComponent("双轴倾角")}`, admin, "en")).records.map((p) => p.id)).toEqual([tilt.id]);
    // Where products are joined: the device list, the device tree, function pages, alarm rules, the data screens.
    const devices = await inProject<Page<{ productId: number; prodName: string }>>(`/device/device/page?current=1&size=100&productId=${tilt.id}`, "en");
    expect(devices.records.length).toBeGreaterThan(0);
    expect(new Set(devices.records.map((d) => d.prodName))).toEqual(new Set(["Biaxial tilt meter"]));
    const tree = await inProject<{ name: string }[]>(`/device/device/deviceTreeByProdId?productId=${tilt.id}`, "en");
    expect(tree.map((n) => n.name)).toEqual(["Biaxial tilt meter"]);
    const fns = await get<Page<{ prodName: string }>>(`/device/prodFunction/page?current=1&size=5&productId=${tilt.id}`, admin, "en");
    expect(fns.records[0].prodName).toBe("Biaxial tilt meter");
    const rules = await inProject<Page<{ prodName: string }>>("/alarm/rule/page?current=1&size=50", "en");
    expect(rules.records.length).toBeGreaterThan(0);
    expect(rules.records.every((r) => /^[ -~]+$/.test(r.prodName))).toBe(true);
    const analysis = await inProject<{ deviceTypes: { name: string }[] }>("/stat/monitorScreen/dataAnalysis", "en");
    expect(analysis.deviceTypes.map((t) => t.name)).toContain("Biaxial tilt meter");
    expect((await inProject<{ deviceTypes: { name: string }[] }>("/stat/monitorScreen/dataAnalysis", "zh-cn")).deviceTypes.map((t) => t.name)).toContain("双轴倾角计");

    const upd = await cloud.request("/device/product/upd", { token: admin, language: "en", body: { id: tilt.id, prodName: "Two-axis tilt meter" } });
    expect(upd.body.code).toBe(200);
    expect((await get<{ prodName: string }>(`/device/product/info?id=${tilt.id}`, admin, "en")).prodName).toBe("Two-axis tilt meter");
    expect((await get<{ prodName: string }>(`/device/product/info?id=${tilt.id}`, admin, "zh-cn")).prodName).toBe("双轴倾角计");
  });

  it("keeps the Chinese name when an English user renames a seeded row, and takes both from the dialog", async () => {
    const [group] = (await get<Page<GroupRow>>("/sys/group/list?current=1&size=50", admin, "en")).records;
    const upd = await cloud.request("/sys/group/upd", { token: admin, language: "en", body: { id: group.id, groupName: "Night duty" } });
    expect(upd.body.code).toBe(200);
    expect((await get<Page<GroupRow>>("/sys/group/list?current=1&size=50", admin, "en")).records[0]).toMatchObject({ groupName: "Night duty", remark: "Receives alarm notices at night" });
    expect((await get<Page<GroupRow>>("/sys/group/list?current=1&size=50", admin, "zh-cn")).records[0]).toMatchObject({ groupName: "告警值班组", remark: "接收夜间告警通知" });

    const tree = await get<DictNode[]>("/sys/dict/tree?scope=tenant", platform, "en");
    const prjType = tree.find((d) => d.dictCode === "prjType")!;
    const add = await cloud.request("/sys/dictItem/add", {
      token: platform,
      language: "en",
      body: { dictId: prjType.id, itemValue: "pile", itemName: "Pile", sort: 7, enabled: 1, i18n: { itemName: { "zh-cn": "桩基", en: "Pile" } } },
    });
    expect(add.body.code).toBe(200);
    expect((await get<DictLookup>("/sys/dict/codeList?codeList=prjType", admin, "zh-cn")).prjType.at(-1)?.itemName).toBe("桩基");
    expect((await get<DictLookup>("/sys/dict/codeList?codeList=prjType", admin, "en")).prjType.at(-1)?.itemName).toBe("Pile");
  });

  it("names seeded devices, projects, spaces, people, tenants, OTA packages and tasks, robots and contacts in the caller's language", async () => {
    const inProject = <T>(path: string, language: string) => cloud.request<T>(path, { token: admin, language, headers: { projectid: "1" } }).then((r) => r.body.data);
    const devices = await inProject<Page<{ id: number; deviceName: string; prjName: string; spaceName: string | null }>>("/device/device/page?current=1&size=100", "en");
    const names = devices.records.map((d) => d.deviceName);
    expect(names).toContain("Biaxial tilt meter-01");
    expect(names.every((n) => /^[ -~]+$/.test(n))).toBe(true);
    expect(new Set(devices.records.map((d) => d.prjName))).toEqual(new Set(["Binjiang Garden Phase II foundation pit monitoring"]));
    expect(devices.records.map((d) => d.spaceName)).toContain("North retaining wall of the pit");
    const zh = await inProject<Page<{ id: number; deviceName: string }>>("/device/device/page?current=1&size=100", "zh-cn");
    expect(zh.records.map((d) => d.deviceName)).toContain("双轴倾角计-01");
    // A list's name search finds a row by the name it shows, in either language.
    const found = await inProject<Page<{ deviceName: string }>>("/device/device/page?current=1&size=100&deviceName=Biaxial%20tilt%20meter-01", "en");
    expect(found.records.map((d) => d.deviceName)).toEqual(["Biaxial tilt meter-01"]);
    const foundZh = await inProject<Page<{ deviceName: string }>>(`/device/device/page?current=1&size=100&deviceName=${encodeURIComponent("双轴倾角计-01")}`, "zh-cn");
    expect(foundZh.records.map((d) => d.deviceName)).toEqual(["双轴倾角计-01"]);
    const tilt = devices.records.find((d) => d.deviceName === "Biaxial tilt meter-01")!;
    // An English rename keeps the Chinese name; a new device named once reads so in both languages.
    expect((await cloud.request("/device/device/upd", { token: admin, language: "en", headers: { projectid: "1" }, body: { id: tilt.id, deviceName: "Tilt meter T1" } })).body.code).toBe(200);
    expect((await inProject<{ deviceName: string }>(`/device/device/info?id=${tilt.id}`, "en")).deviceName).toBe("Tilt meter T1");
    expect((await inProject<{ deviceName: string }>(`/device/device/info?id=${tilt.id}`, "zh-cn")).deviceName).toBe("双轴倾角计-01");

    const projects = await get<Page<{ prjName: string; contactName: string; prjAddress: string }>>("/device/project/page?current=1&size=50", admin, "en");
    expect(projects.records.map((p) => p.prjName).sort()).toEqual(["Binjiang Garden Phase II foundation pit monitoring", "Metro Line 5 tunnel structure monitoring"]);
    expect(projects.records.map((p) => p.contactName).sort()).toEqual(["Demo administrator", "Zhang San"]);
    expect((await get<Page<{ prjName: string }>>("/device/project/page?current=1&size=50", admin, "zh-cn")).records.map((p) => p.prjName)).toContain("滨江花园二期基坑监测");

    const users = await get<Page<{ username: string; realname: string }>>("/sys/user/page?current=1&size=50", admin, "en");
    expect(users.records.find((u) => u.username === "operator01")?.realname).toBe("Zhang San");
    const operator = users.records.find((u) => u.username === "operator01") as unknown as { id: number };
    expect((await get<{ position: string; realname: string }>(`/sys/user/getUserInfoById?id=${operator.id}`, admin, "en"))).toMatchObject({ position: "Monitoring engineer", realname: "Zhang San" });
    expect((await get<{ position: string }>(`/sys/user/getUserInfoById?id=${operator.id}`, admin, "zh-cn")).position).toBe("监测工程师");
    expect((await get<Page<{ username: string; realname: string }>>("/sys/user/page?current=1&size=50", admin, "zh-cn")).records.find((u) => u.username === "operator01")?.realname).toBe("张三");
    const tenants = await get<Page<{ name: string; contact: string }>>("/sys/tenant/page?current=1&size=50", platform, "en");
    expect(tenants.records).toEqual([expect.objectContaining({ name: "Demo tenant", contact: "Demo administrator" })]);

    const packages = await get<Page<{ packageName: string; productName: string }>>("/device/ota/page?current=1&size=50", platform, "en");
    expect(packages.records[0]).toMatchObject({ packageName: "Demo firmware", productName: expect.stringMatching(/^[ -~]+ tilt meter$/) });
    expect((await get<Page<{ packageName: string }>>("/device/ota/page?current=1&size=50", platform, "zh-cn")).records[0].packageName).toBe("演示固件");
    const [task] = (await get<Page<{ id: number; taskName: string; packageName: string }>>("/device/otaTask/page?current=1&size=50", platform, "en")).records;
    expect(task).toMatchObject({ taskName: "Demo rollout 1.2.0", packageName: "Demo firmware" });
    expect((await get<{ taskName: string; packageName: string }>(`/device/otaTask/info?id=${task.id}`, platform, "zh-cn"))).toMatchObject({ taskName: "演示升级 1.2.0", packageName: "演示固件" });
    const taskDevices = await get<Page<{ deviceName: string }>>(`/device/otaTask/pageDevice?taskId=${task.id}&current=1&size=50`, platform, "en");
    expect(taskDevices.records.map((d) => d.deviceName)).toContain("Tilt meter T1");

    const tracks = await inProject<Page<{ trackName: string }>>("/stat/trackInfo/page?current=1&size=50", "en");
    expect(tracks.records.map((t) => t.trackName)).toEqual(["Switch room 1 rail"]);
    const contacts = await inProject<Page<{ linkName: string }>>("/alarm/link/page?current=1&size=50", "en");
    expect(contacts.records.map((l) => l.linkName).sort()).toEqual(["Demo administrator", "Engineer Li", "Zhang San"]);
    const batteries = await get<Page<{ batteryName: string }>>("/device/battery/page?current=1&size=50", admin, "en");
    expect(batteries.records.map((b) => b.batteryName)).toContain("LiFePO₄ 12 V");
  });
});
