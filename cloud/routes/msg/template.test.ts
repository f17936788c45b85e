import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { TemplateCount, TemplateRow } from "@/lib/contract/system/template";
import { notificationTemplates } from "../../db/schema";
import { signedIn, SETUP_MS, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

const post = <T = unknown>(path: string, body: unknown, token = admin) => cloud.request<T>(`/msg/template/${path}`, { token, body, language: "en" });
const counts = (token = admin) => cloud.request<TemplateCount[]>("/msg/template/countAllType", { token }).then((r) => Object.fromEntries(r.body.data.map((c) => [c.channel, c.count])));

describe("msg/template", { timeout: SETUP_MS }, () => {
  it("adds a template and stores the variables of title and content", async () => {
    const before = await counts();
    const res = await post<TemplateRow>("add", { channel: 3, name: "巡检提醒", code: "patrol_mail", title: "${prjName} 巡检", content: "${realname}，请于 ${ time } 前完成 ${prjName} 的巡检，温度 < 5 时注意防冻。" });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ channel: 3, enabled: 1, variables: ["prjName", "realname", "time"] });
    expect(await counts()).toEqual({ ...before, 3: before[3] + 1 });
    const upd = await post<TemplateRow>("upd", { id: res.body.data.id, channel: 2, name: "巡检短信", code: "patrol_mail", content: "请完成 ${task}" });
    expect(upd.body.data).toMatchObject({ channel: 2, title: "", variables: ["task"] });
  });

  it("refuses WeChat, HTML, duplicate codes and bad fields with clear messages", async () => {
    expect((await post("add", { channel: 4, name: "微信", code: "wx", content: "hi" })).body).toMatchObject({ code: 400, msg: "WeChat notifications are not available yet" });
    expect((await post("add", { channel: 5, name: "x", code: "x5", content: "hi" })).body).toMatchObject({ code: 400, msg: "Channel: Invalid option" });
    expect((await post("add", { channel: 2, name: "x", code: "html1", content: "<b>${a}</b>" })).body).toMatchObject({ code: 400, msg: "Titles and SMS content are plain text: remove the HTML tags" });
    expect((await post("add", { channel: 3, name: "x", code: "html2", title: "<i>t</i>", content: "x" })).body.code).toBe(400);
    const clean = await post<TemplateRow>("add", { channel: 1, name: "富文本", code: "html3", content: '<p onclick="x()">您好 ${name}</p><script>alert(1)</script><img src="javascript:x">' });
    expect(clean.body.data).toMatchObject({ content: "<p>您好 ${name}</p><img />", variables: ["name"] });
    expect((await post("add", { channel: 3, name: "x", code: "html4", content: "<script>alert(1)</script>" })).body).toMatchObject({ code: 400, msg: "Content: Required" });
    await post("add", { channel: 1, name: "唯一", code: "only_once", content: "a" });
    expect((await post("add", { channel: 2, name: "唯一", code: "only_once", content: "b" })).body).toMatchObject({ code: 409, msg: "The template code only_once is already in use" });
    expect((await post("add", { channel: 1, name: "", code: "x", content: "" })).body).toMatchObject({ code: 400, msg: "Template name: Required" });
  });

  it("sanitises HTML on every write: an update of a multilingual template", async () => {
    const [seeded] = await cloud.db.select().from(notificationTemplates).where(and(eq(notificationTemplates.tenantId, 2), eq(notificationTemplates.channel, 1), isNotNull(notificationTemplates.i18n)));
    const dirty = '<p onclick="x()">${deviceName}</p><script>alert(1)</script>';
    const upd = await post("upd", { id: seeded.id, channel: 1, name: seeded.name, code: seeded.code, title: seeded.title, content: dirty });
    expect(upd.body.code).toBe(200);
    const [stored] = await cloud.db.select().from(notificationTemplates).where(eq(notificationTemplates.id, seeded.id));
    expect(JSON.stringify(stored)).not.toMatch(/script|onclick/);
    // Written in English: the English text changes, the column keeps the default language's.
    expect(stored.i18n?.content.en).toBe("<p>${deviceName}</p>");
  });

  it("pages with filters, counts every channel and keeps tenants apart", async () => {
    const sms = await cloud.request<Page<TemplateRow>>("/msg/template/page?channel=2&size=100", { token: admin });
    expect(sms.body.data.records.length).toBeGreaterThan(0);
    expect(sms.body.data.records.every((r) => r.channel === 2)).toBe(true);
    const byName = await cloud.request<Page<TemplateRow>>(`/msg/template/page?name=${encodeURIComponent("告警短信")}`, { token: admin });
    expect(byName.body.data.records.map((r) => r.code)).toEqual(["alarm_sms"]);
    expect(await counts(platform)).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0 });
    const id = sms.body.data.records[0].id;
    expect((await cloud.request(`/msg/template/info?id=${id}`, { token: platform })).status).toBe(404);
    expect((await post("del", { ids: [id] }, platform)).status).toBe(404);
  });

  it("enables, disables and deletes; operators may not", async () => {
    const add = await post<TemplateRow>("add", { channel: 1, name: "临时", code: "temp_1", content: "x" });
    const id = add.body.data.id;
    expect((await post("openOrClose", { id, status: 2 })).body.code).toBe(200);
    const off = await cloud.request<Page<TemplateRow>>("/msg/template/page?enabled=2", { token: admin });
    expect(off.body.data.records.map((r) => r.id)).toContain(id);
    expect((await post("del", { ids: [id] }, operator)).status).toBe(403);
    expect((await cloud.request("/msg/template/page", { token: operator })).status).toBe(403);
    expect((await post("del", { ids: [id] })).body.code).toBe(200);
    expect((await cloud.request(`/msg/template/info?id=${id}`, { token: admin })).status).toBe(404);
  });
});
