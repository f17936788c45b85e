import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import { signedIn, type TestCloud } from "../../testing";

/**
 * Every read that joins a multilingual name (a device's, a project's, a person's) answers it in the
 * caller's language (issue 40): the pickers, the monitoring and concrete screens, the report editor,
 * the robot statistics, retention and the organisation's member lists.
 */
let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

const CJK = /[\u4e00-\u9fff]/;
const read = async <T>(path: string, language: string, project = true) => {
  const res = await cloud.request<T>(path, { token: admin, language, headers: project ? { projectid: "1" } : {} });
  expect(res.body.code, path).toBe(200);
  return res.body.data;
};
/** The names answered in English carry no Chinese; in Chinese, at least one does (the seed names both). */
const bothWays = async (path: string, names: (d: unknown) => string[], project = true) => {
  const en = names(await read(path, "en", project));
  const zh = names(await read(path, "zh-cn", project));
  expect(en.length, path).toBeGreaterThan(0);
  expect(en.filter((n) => CJK.test(n)), path).toEqual([]);
  expect(zh.some((n) => CJK.test(n)), path).toBe(true);
  return en;
};

describe("joined names in the caller's language", () => {
  it("names devices in English in the device pickers and the device tree", async () => {
    const picker = await bothWays("/device/device/allDevByPrj", (d) => (d as { deviceName: string }[]).map((x) => x.deviceName));
    expect(picker).toContain("Biaxial tilt meter-01");
    // Ordered by the name shown.
    expect(picker).toEqual([...picker].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await bothWays("/device/linkage/devices", (d) => (d as { deviceName: string }[]).map((x) => x.deviceName));
    const tree = await bothWays("/device/device/deviceTreeByProdId", (d) => (d as { subItem: { name: string }[] }[]).flatMap((p) => p.subItem.map((x) => x.name)));
    expect(tree).toContain("Biaxial tilt meter-01");
  });

  it("names devices in English on the monitoring screens and their point form", async () => {
    await bothWays("/device/pointGroup/devices?monitorKind=tilt", (d) => (d as { deviceName: string }[]).map((x) => x.deviceName));
    const points = await bothWays("/stat/devOperationMonitoring/list?monitorKind=tilt", (d) => (d as { devices: { deviceName: string }[] }[]).flatMap((p) => p.devices.map((x) => x.deviceName)));
    expect(points).toContain("Biaxial tilt meter-01");
    await bothWays("/comm/concrete/getChartDevice", (d) => (d as { deviceName: string }[]).map((x) => x.deviceName));
    await bothWays("/device/betonRule/deviceBetonList", (d) => (d as { deviceName: string }[]).map((x) => x.deviceName));
    // The data screen's newest alarms: their devices and projects.
    await bothWays("/stat/monitorScreen/dataAnalysis", (d) => (d as { latestAlarms: { deviceName: string | null; prjName: string | null }[] }).latestAlarms.flatMap((a) => [a.deviceName ?? "", a.prjName ?? ""]).filter(Boolean));
    // The points' devices (the point list's devices column).
    await bothWays("/device/pointGroup/query?current=1&size=50", (d) => (d as Page<{ deviceNames: string | null }>).records.flatMap((p) => (p.deviceNames ? [p.deviceNames] : [])));
    // The seeded calibration rule: its name and its mix (cement and water–binder ratio).
    const rule = await bothWays("/device/betonRule/page?current=1&size=50", (d) => (d as Page<{ ruleName: string; mixDesc: string | null }>).records.flatMap((r) => [r.ruleName, r.mixDesc ?? ""]));
    expect(rule).toContain("P·O 42.5 cement, water–binder ratio 0.42");
  });

  it("names projects in English on the retention screen, and people in English in the organisation's lists", async () => {
    const projects = await bothWays("/sys/retention/info", (d) => (d as { projects: { prjName: string }[] }).projects.map((p) => p.prjName), false);
    expect(projects).toContain("Binjiang Garden Phase II foundation pit monitoring");
    type Node = { type: string; name: string; childrens: Node[] };
    const people = (nodes: Node[]): string[] => nodes.flatMap((n) => (n.type === "user" ? [n.name] : people(n.childrens ?? [])));
    expect(await bothWays("/sys/department/departmentUserTree", (d) => people(d as Node[]), false)).toContain("Zhang San");
    const roles = await read<Page<{ id: number; name: string }>>("/sys/role/page?current=1&size=50", "en", false);
    const projectUser = roles.records.find((r) => r.name === "Project user")!;
    const members = await bothWays(`/sys/role/pageUser?roleId=${projectUser.id}&current=1&size=50`, (d) => (d as Page<{ realname: string }>).records.map((u) => u.realname), false);
    expect(members).toContain("Zhang San");
    // Found by the name shown.
    const found = await read<Page<{ realname: string }>>(`/sys/role/pageUser?roleId=${projectUser.id}&current=1&size=50&keyword=Zhang`, "en", false);
    expect(found.records.map((u) => u.realname)).toEqual(["Zhang San"]);
  });

  it("names the device of a new alarm's to-do in the reader's language", async () => {
    const picker = await read<{ id: number; deviceName: string }[]>("/device/device/allDevByPrj", "en");
    const device = picker.find((d) => d.deviceName === "Biaxial tilt meter-01")!;
    const levels = await read<Page<{ id: number }>>("/alarm/level/list?size=50", "en");
    const add = await cloud.request("/alarm/core/addManual", {
      token: admin,
      language: "en",
      headers: { projectid: "1" },
      body: { deviceId: device.id, alarmName: "Crack at the pit edge", levelId: levels.records[0].id, content: "Seen on the round" },
    });
    expect(add.body.code).toBe(200);
    const todos = async (language: string) => (await read<Page<{ msgTitle: string; msgContent: string }>>("/msg/todo/page?current=1&size=50", language, false)).records;
    const en = (await todos("en")).find((t) => t.msgTitle.includes("Crack at the pit edge"))!;
    expect(`${en.msgTitle} ${en.msgContent}`).toContain("Biaxial tilt meter-01");
    expect(`${en.msgTitle} ${en.msgContent}`).not.toContain("双轴倾角计");
    const zh = (await todos("zh-cn")).find((t) => t.msgTitle.includes("Crack at the pit edge"))!;
    expect(`${zh.msgTitle} ${zh.msgContent}`).toContain("双轴倾角计-01");
  });
});

describe("the seeded alarm centre in the caller's language", () => {
  it("names the seeded manual alarm and its text in English, and the timeline's actors in the reader's language", async () => {
    type Row = { id: number; alarmName: string; alarmType: number; content: string | null };
    const list = async (language: string) => (await read<Page<Row>>("/alarm/core/page?current=1&size=50&alarmType=2", language)).records;
    const [en] = await list("en");
    expect(en).toMatchObject({ alarmName: "Crack on the east side of the pit" });
    const info = await read<{ alarmName: string; content: string; operations: { userName: string }[] }>(`/alarm/core/info?id=${en.id}`, "en");
    expect(info.content).toMatch(/^The site round found a crack/);
    expect(info.operations.map((o) => o.userName)).toEqual(["Demo administrator"]);
    const zh = await read<{ alarmName: string; content: string; operations: { userName: string }[] }>(`/alarm/core/info?id=${en.id}`, "zh-cn");
    expect(zh).toMatchObject({ alarmName: "基坑东侧出现裂缝", content: expect.stringMatching(/^巡查发现/) });
    expect(zh.operations.map((o) => o.userName)).toEqual(["演示管理员"]);
    // A rule's alarm was raised by the cloud: "System" in English.
    const auto = (await read<Page<Row>>("/alarm/core/page?current=1&size=50&alarmType=1", "en")).records[0];
    const steps = await read<{ operations: { step: string; userName: string }[] }>(`/alarm/core/info?id=${auto.id}`, "en");
    expect(steps.operations.find((o) => o.step === "raise")?.userName).toBe("System");
    expect(steps.operations.every((o) => !CJK.test(o.userName))).toBe(true);
  });
});
