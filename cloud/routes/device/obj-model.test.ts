import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { Connect, FunctionRow, ObjModel, Product } from "@/lib/contract/device/product";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let platform: string;
signedIn((s) => ({ cloud, admin, platform } = s), ["admin", "platform"]);

const temp = { funcName: "温度", identifier: "envTemp", funcType: 1, accessMode: "r", dataType: { type: "float", min: -40, max: 85, unit: "°C" } };
const reboot = { funcName: "重启", identifier: "restart", funcType: 3, callMode: "async", inputParams: [{ identifier: "delay", name: "延时", dataType: { type: "int32", min: 0, max: 60, unit: "s" } }] };

describe("device/objFunction, objModel, objProd", () => {
  it("keeps a library of functions, identifiers unique in the tenant", async () => {
    const a = await cloud.request<FunctionRow>("/device/objFunction/add", { token: admin, body: temp });
    expect(a.body.data).toMatchObject({ identifier: "envTemp", dataType: { unit: "°C" } });
    expect((await cloud.request("/device/objFunction/add", { token: admin, body: temp })).body.code).toBe(409);
    expect((await cloud.request("/device/objFunction/add", { token: platform, body: temp })).body.code).toBe(200);
    const page = await cloud.request<Page<FunctionRow>>("/device/objFunction/page?identifier=envTe", { token: admin });
    expect(page.body.data.records.map((r) => r.id)).toEqual([a.body.data.id]);
    const upd = await cloud.request<FunctionRow>("/device/objFunction/upd", { token: admin, body: { ...temp, id: a.body.data.id, funcName: "环境温度" } });
    expect(upd.body.data.funcName).toBe("环境温度");
    expect((await cloud.request("/device/objFunction/add", { token: admin, body: { ...reboot, callMode: undefined }, language: "en" })).body.msg).toBe("Call mode: Required");
  });

  it("builds an object model from the library and its own functions, and applies it to products", async () => {
    const m = await cloud.request<ObjModel>("/device/objModel/add", { token: admin, body: { modelName: "通用环境模型", modelType: "1" } });
    expect(m.body.data).toMatchObject({ modelType: 1, functionCount: 0 });
    const modelId = m.body.data.id;
    const lib = await cloud.request<FunctionRow>("/device/objFunction/add", { token: admin, body: { ...reboot } });
    expect((await cloud.request("/device/objModel/func/addList", { token: admin, body: { modelId, functionIds: [lib.body.data.id] } })).body.code).toBe(200);
    expect((await cloud.request("/device/objModel/func/add", { token: admin, body: { ...temp, modelId } })).body.code).toBe(200);
    expect((await cloud.request("/device/objModel/func/add", { token: admin, body: { ...temp, modelId } })).body.code).toBe(409);
    const fns = await cloud.request<Page<FunctionRow>>(`/device/objModel/func/page?modelId=${modelId}`, { token: admin });
    expect(fns.body.data.records.map((f) => f.identifier)).toEqual(["restart", "envTemp"]);
    expect((await cloud.request<ObjModel>(`/device/objModel/info?id=${modelId}`, { token: admin })).body.data.functionCount).toBe(2);

    const p = await cloud.request<Product>("/device/product/add", {
      token: admin,
      body: { prodName: "模型产品", prodCategory: "environmental", prodType: "device", netType: "http", dataFormat: "json", verifyType: "none", activeCycle: 10 },
    });
    expect((await cloud.request("/device/objProd/add", { token: admin, body: { modelId, productIds: [p.body.data.id] } })).body.code).toBe(200);
    expect((await cloud.request<Product>(`/device/product/info?id=${p.body.data.id}`, { token: admin })).body.data.functionCount).toBe(2);
    const linked = await cloud.request<Page<Product>>(`/device/objProd/page?modelId=${modelId}`, { token: admin });
    expect(linked.body.data.records.map((r) => r.id)).toEqual([p.body.data.id]);
    // Applying again would repeat identifiers: refused whole.
    expect((await cloud.request("/device/objProd/add", { token: admin, body: { modelId, productIds: [p.body.data.id] } })).body.code).toBe(409);
    expect((await cloud.request(`/device/objModel/info?id=${modelId}`, { token: platform })).body.code).toBe(404);
    expect((await cloud.request("/device/objModel/del", { token: admin, body: { ids: [modelId] } })).body.code).toBe(200);
    expect((await cloud.request<Product>(`/device/product/info?id=${p.body.data.id}`, { token: admin })).body.data.functionCount).toBe(2);
  });
});

describe("comm/connect, prodConnect, objConnect", () => {
  it("keeps connections with unique codes, links them to products and models, and keeps linked ones", async () => {
    const en = (body: unknown) => cloud.request("/comm/connect/add", { token: admin, body, language: "en" });
    expect((await en({ connectName: "x", connectCode: "x", connectType: "system", methodType: "BASE" })).body.msg).toBe("Address: Required");
    expect((await en({ connectName: "x", connectCode: "x", connectType: "device", methodType: "FUNCTION" })).body.msg).toBe("Function identifier: Required");
    const c = await cloud.request<Connect>("/comm/connect/add", { token: admin, body: { connectName: "数据平台", connectCode: "dataHub", connectType: "system", methodType: "BASE", netType: "http", address: "https://hub.example.com/api", port: "443" } });
    expect(c.body.data).toMatchObject({ port: 443, methodType: "BASE" });
    expect((await en({ connectName: "y", connectCode: "dataHub", connectType: "system", methodType: "BASE", address: "a" })).body.code).toBe(409);
    const p = await cloud.request<Product>("/device/product/add", {
      token: admin,
      body: { prodName: "连接产品", prodCategory: "other", prodType: "device", netType: "tcp", dataFormat: "modbus", verifyType: "none", activeCycle: 5 },
    });
    expect((await cloud.request("/device/prodConnect/add", { token: admin, body: { productId: p.body.data.id, connectIds: [c.body.data.id] } })).body.code).toBe(200);
    const linked = await cloud.request<Page<Connect>>(`/device/prodConnect/page?productId=${p.body.data.id}`, { token: admin });
    expect(linked.body.data.records.map((r) => r.connectCode)).toEqual(["dataHub"]);
    const del = await cloud.request("/comm/connect/del", { token: admin, body: { ids: [c.body.data.id] }, language: "en" });
    expect(del.body).toMatchObject({ code: 409, msg: "Still in use — Products: 连接产品" });
    expect((await cloud.request("/device/prodConnect/del", { token: admin, body: { productId: p.body.data.id, connectIds: [c.body.data.id] } })).body.code).toBe(200);
    const m = await cloud.request<ObjModel>("/device/objModel/add", { token: admin, body: { modelName: "连接模型", modelType: 2 } });
    expect((await cloud.request("/device/objConnect/add", { token: admin, body: { modelId: m.body.data.id, connectIds: [c.body.data.id] } })).body.code).toBe(200);
    expect((await cloud.request("/device/objConnect/add", { token: platform, body: { modelId: m.body.data.id, connectIds: [c.body.data.id] } })).body.code).toBe(404);
    expect((await cloud.request<Page<Connect>>(`/device/objConnect/page?modelId=${m.body.data.id}`, { token: admin })).body.data.total).toBe(1);
    expect((await cloud.request("/device/objConnect/del", { token: admin, body: { modelId: m.body.data.id, connectIds: [c.body.data.id] } })).body.code).toBe(200);
    // A seeded model is named in the caller's language in the refusal.
    const seeded = (await cloud.request<Page<ObjModel>>("/device/objModel/page?current=1&size=50", { token: admin, language: "en" })).body.data.records.find((r) => r.modelName === "Generic wireless sensor")!;
    expect((await cloud.request("/device/objConnect/add", { token: admin, body: { modelId: seeded.id, connectIds: [c.body.data.id] } })).body.code).toBe(200);
    expect((await cloud.request("/comm/connect/del", { token: admin, body: { ids: [c.body.data.id] }, language: "en" })).body.msg).toContain("Generic wireless sensor");
    expect((await cloud.request("/device/objConnect/del", { token: admin, body: { modelId: seeded.id, connectIds: [c.body.data.id] } })).body.code).toBe(200);
    expect((await cloud.request("/comm/connect/del", { token: admin, body: { ids: [c.body.data.id] } })).body.code).toBe(200);
  });
});
