import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { MessageItem } from "@/lib/contract/message";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);

describe("msg/station/currUser", () => {
  it("pages the caller's unread messages, newest first, and counts them", async () => {
    const res = await cloud.request<Page<MessageItem>>("/msg/station/currUser/page?current=1&size=10&readStatus=0", { token: admin });
    // Three seeded notices, the demo alarms' review messages (4 handling results and reviews) and the demo linkage rule's notice.
    expect(res.body.data.total).toBe(9);
    const times = res.body.data.records.map((m) => m.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await cloud.request<{ unread: number }>("/msg/station/currUser/nums", { token: admin })).body.data).toEqual({ unread: 9, total: 10 });
    expect((await cloud.request<{ unread: number }>("/msg/station/currUser/nums", { token: operator })).body.data.unread).toBe(2);
  });

  it("marks one read by opening it, and never touches another user's messages", async () => {
    const list = await cloud.request<Page<MessageItem>>("/msg/station/currUser/page?readStatus=0", { token: operator });
    const theirs = list.body.data.records[0].id;
    expect((await cloud.request(`/msg/station/info?id=${theirs}`, { token: admin })).body.code).toBe(404);
    await cloud.request("/msg/station/currUser/read", { token: admin, body: { ids: [theirs] } });
    expect((await cloud.request<{ unread: number }>("/msg/station/currUser/nums", { token: operator })).body.data.unread).toBe(2);
    const opened = await cloud.request<MessageItem>(`/msg/station/info?id=${theirs}`, { token: operator });
    expect(opened.body.data.readStatus).toBe(1);
    expect((await cloud.request<{ unread: number }>("/msg/station/currUser/nums", { token: operator })).body.data.unread).toBe(1);
  });

  it("finds the neighbours of a message", async () => {
    const all = await cloud.request<Page<MessageItem>>("/msg/station/currUser/page?size=10", { token: admin });
    const [newest, middle] = all.body.data.records;
    const res = await cloud.request<{ upId: number | null; downId: number | null }>(`/msg/station/getUpDownId?id=${middle.id}`, { token: admin });
    expect(res.body.data.upId).toBe(newest.id);
    expect((await cloud.request<{ upId: number | null }>(`/msg/station/getUpDownId?id=${newest.id}`, { token: admin })).body.data.upId).toBeNull();
  });

  it("marks all read", async () => {
    await cloud.request("/msg/station/currUser/readAll", { token: admin, body: {} });
    expect((await cloud.request<{ unread: number }>("/msg/station/currUser/nums", { token: admin })).body.data.unread).toBe(0);
  });

  it("checks its input", async () => {
    const bad = await cloud.request("/msg/station/currUser/page?readStatus=7", { token: admin, language: "en" });
    expect(bad.body).toMatchObject({ code: 400, msg: "Status: Invalid option" });
    expect((await cloud.request("/msg/station/currUser/read", { token: admin, body: { ids: [] } })).body.code).toBe(400);
  });
});

describe("msg/todo", () => {
  it("pages pending to-dos and counts them per status (the demo alarms' workflow made them)", async () => {
    const res = await cloud.request<Page<MessageItem>>("/msg/todo/page?current=1&size=10&todoStatus=1", { token: admin });
    // Pending: the new rule alarm, the manual alarm and the one being handled.
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.records.every((t) => t.todoStatus === 1 && t.bizId !== null)).toBe(true);
    const nums = await cloud.request("/msg/todo/nums", { token: admin });
    expect(nums.body.data).toMatchObject({ pending: 3, review: 1 });
    const found = await cloud.request<Page<MessageItem>>(`/msg/todo/page?todoStatus=2&msgTitle=${encodeURIComponent("审核")}`, { token: admin });
    expect(found.body.data.total).toBe(1);
    // The project user handles its project's alarms: the demo alarms gave it to-dos of its own.
    const mine = (await cloud.request<Page<MessageItem>>("/msg/todo/page?size=100&todoStatus=1", { token: operator })).body.data;
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.records.every((t) => t.bizId !== null && ["ala", "alaManual"].includes(t.msgType))).toBe(true);
  });

  it("opens only the caller's own to-do", async () => {
    const mine = await cloud.request<Page<MessageItem>>("/msg/todo/page?todoStatus=1", { token: admin });
    const id = mine.body.data.records[0].id;
    expect((await cloud.request(`/msg/todo/info?id=${id}`, { token: admin })).body.code).toBe(200);
    expect((await cloud.request(`/msg/todo/info?id=${id}`, { token: operator })).body.code).toBe(404);
  });
});
