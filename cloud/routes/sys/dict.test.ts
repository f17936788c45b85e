import { describe, expect, it } from "vitest";
import type { DictItemNode, DictNode } from "@/lib/contract/system/dict";
import type { DictLookup } from "@/lib/contract/system/dict-lookup";
import { signedIn, SETUP_MS, type TestCloud } from "../../testing";

let cloud: TestCloud;
let platform: string;
let admin: string;
let operator: string;
signedIn((s) => ({ cloud, platform, admin, operator } = s));

const post = <T = unknown>(path: string, body: unknown, token = admin) => cloud.request<T>(path, { token, body, language: "en" });
const lookup = (codes: string, token = operator) => cloud.request<DictLookup>(`/sys/dict/codeList?codeList=${codes}`, { token }).then((r) => r.body.data);
const values = (opts: { itemValue: string; childrens: unknown[] }[]) => opts.map((o) => o.itemValue);

describe("sys/dict", { timeout: SETUP_MS }, () => {
  it("answers the seeded platform dictionaries to every signed-in user", async () => {
    const data = await lookup("prjType,position,nothing");
    expect(values(data.prjType)).toEqual(["foundationPit", "tunnel", "bridge", "slope", "building", "subway"]);
    expect(data.prjType[0]).toEqual({ itemValue: "foundationPit", itemName: "基坑", childrens: [] });
    expect(data.position.length).toBeGreaterThan(0);
    expect(data.nothing).toEqual([]);
    expect((await cloud.request("/sys/dict/codeList?codeList=prjType")).status).toBe(401);
    expect((await cloud.request("/sys/dict/codeList?codeList=a-b", { token: operator, language: "en" })).body.msg).toBe("codeList.0: Letters, digits and underscores only");
  });

  it("lets a tenant override a platform dictionary and hides disabled items and dictionaries", async () => {
    const dict = await post<DictNode>("/sys/dict/add", { dictName: "项目类型", dictCode: "prjType", sort: 1 });
    expect(dict.body.data).toMatchObject({ scope: "tenant", enabled: 1 });
    const id = dict.body.data.id;
    const pit = await post<DictItemNode>("/sys/dictItem/add", { dictId: id, itemName: "深基坑", itemValue: "deepPit", sort: 2 });
    await post("/sys/dictItem/add", { dictId: id, itemName: "浅基坑", itemValue: "shallowPit", sort: 1 });
    const child = await post<DictItemNode>("/sys/dictItem/add", { dictId: id, parentId: pit.body.data.id, itemName: "一级", itemValue: "deepPit1" });
    expect(child.body.code).toBe(200);
    let data = await lookup("prjType");
    expect(data.prjType).toEqual([
      { itemValue: "shallowPit", itemName: "浅基坑", childrens: [] },
      { itemValue: "deepPit", itemName: "深基坑", childrens: [{ itemValue: "deepPit1", itemName: "一级", childrens: [] }] },
    ]);
    // The platform and other tenants still see the platform's.
    expect(values((await lookup("prjType", platform)).prjType)).toContain("tunnel");

    await post("/sys/dictItem/openOrOpen", { id: pit.body.data.id, status: 2 });
    data = await lookup("prjType");
    expect(values(data.prjType)).toEqual(["shallowPit"]);
    await post("/sys/dict/openOrOpen", { id, status: 2 });
    expect((await lookup("prjType")).prjType).toEqual([]);
    await post("/sys/dict/openOrOpen", { id, status: 1 });
    expect(values((await lookup("prjType")).prjType)).toEqual(["shallowPit"]);
  });

  it("keeps each user's own dictionaries apart and over the tenant's", async () => {
    const mine = await post<DictNode>("/sys/dict/add", { dictName: "我的岗位", dictCode: "position", scope: "user" });
    expect(mine.body.data.scope).toBe("user");
    await post("/sys/dictItem/add", { dictId: mine.body.data.id, itemName: "值班长", itemValue: "shiftLead" });
    expect(values((await lookup("position", admin)).position)).toEqual(["shiftLead"]);
    expect(values((await lookup("position", operator)).position)).toContain("projectManager");
    const userTree = await cloud.request<DictNode[]>("/sys/dict/tree?scope=user", { token: admin });
    expect(userTree.body.data.map((d) => d.dictCode)).toEqual(["position"]);
    const tenantTree = await cloud.request<DictNode[]>("/sys/dict/tree?scope=tenant", { token: admin });
    expect(tenantTree.body.data.map((d) => d.dictCode)).toEqual(["prjType"]);
  });

  it("builds the dictionary tree, filters it and refuses loops, duplicates and orphaning deletes", async () => {
    const parent = await post<DictNode>("/sys/dict/add", { dictName: "设备", dictCode: "device" });
    const child = await post<DictNode>("/sys/dict/add", { dictName: "设备型号", dictCode: "deviceModel", parentId: parent.body.data.id });
    const tree = await cloud.request<DictNode[]>(`/sys/dict/tree?scope=tenant&keyword=${encodeURIComponent("型号")}`, { token: admin });
    expect(tree.body.data).toMatchObject([{ dictCode: "device", childrens: [{ dictCode: "deviceModel" }] }]);
    const loop = await post("/sys/dict/upd", { id: parent.body.data.id, dictName: "设备", dictCode: "device", parentId: child.body.data.id });
    expect(loop.body).toMatchObject({ code: 400, msg: "The chosen parent does not exist or lies below this node" });
    const dup = await post("/sys/dict/add", { dictName: "重复", dictCode: "device" });
    expect(dup.body).toMatchObject({ code: 409, msg: "The dictionary code device is already in use" });
    const refused = await post("/sys/dict/del", { ids: [parent.body.data.id] });
    expect(refused.body).toMatchObject({ code: 400, msg: '"设备" has sub-dictionaries: delete them first' });
    expect((await post("/sys/dict/del", { ids: [parent.body.data.id, child.body.data.id] })).body.code).toBe(200);

    const d = await post<DictNode>("/sys/dict/add", { dictName: "等级", dictCode: "level" });
    await post("/sys/dictItem/add", { dictId: d.body.data.id, itemName: "一级", itemValue: "1" });
    const dupValue = await post("/sys/dictItem/add", { dictId: d.body.data.id, itemName: "另一个", itemValue: "1" });
    expect(dupValue.body).toMatchObject({ code: 409, msg: "The value 1 is already used in this dictionary" });
    const items = await cloud.request<DictItemNode[]>(`/sys/dictItem/tree?dictId=${d.body.data.id}`, { token: admin });
    expect(items.body.data.map((i) => i.itemValue)).toEqual(["1"]);
    const upd = await post<DictItemNode>("/sys/dictItem/upd", { id: items.body.data[0].id, itemName: "一级（改）", itemValue: "1" });
    expect(upd.body.data.itemName).toBe("一级（改）");
    expect((await post("/sys/dictItem/del", { ids: [items.body.data[0].id] })).body.code).toBe(200);
  });

  it("keeps tenants apart and checks permissions", async () => {
    const platformDicts = await cloud.request<DictNode[]>("/sys/dict/tree?scope=tenant", { token: platform });
    const seeded = platformDicts.body.data.find((d) => d.dictCode === "prjType")!;
    expect((await post("/sys/dict/upd", { id: seeded.id, dictName: "x", dictCode: "prjType" })).body.code).toBe(404);
    expect((await post("/sys/dictItem/add", { dictId: seeded.id, itemName: "x", itemValue: "x" })).body.code).toBe(404);
    expect((await cloud.request(`/sys/dictItem/tree?dictId=${seeded.id}`, { token: admin })).body.code).toBe(404);
    expect((await post("/sys/dict/add", { dictName: "x", dictCode: "x" }, operator)).status).toBe(403);
    expect((await cloud.request("/sys/dict/tree", { token: operator })).status).toBe(403);
    const bad = await post("/sys/dict/add", { dictName: "", dictCode: "x y" });
    expect(bad.body).toMatchObject({ code: 400, msg: "Dictionary name: Required" });
  });
});
