import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { FunctionRow, Product, TdlError } from "@/lib/contract/device/product";
import type { TdlDocument } from "@/lib/contract/device/thing-model";
import { registerFunctionUse } from "../../db/queries/product-usage";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let platform: string;
signedIn((s) => ({ cloud, admin, platform } = s), ["admin", "platform"]);

const base = { prodCategory: "structural", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret", activeCycle: 30 };
async function product(name: string) {
  const res = await cloud.request<Product>("/device/product/add", { token: admin, body: { ...base, prodName: name } });
  return res.body.data.id;
}
const temp = { funcName: "温度", identifier: "temp", funcType: 1, accessMode: "r", dataType: { type: "float", min: -40, max: 85, step: 0.1, unit: "°C" } };
const pos = {
  funcName: "位置",
  identifier: "pos",
  funcType: 1,
  accessMode: "r",
  dataType: { type: "struct", members: [{ identifier: "x", name: "X", dataType: { type: "double", min: -1000, max: 1000, unit: "mm" } }, { identifier: "ok", name: "OK", dataType: { type: "bool" } }] },
};
const alarm = { funcName: "超限", identifier: "overLimit", funcType: 2, eventType: "alarm", outputParams: [{ identifier: "level", name: "等级", dataType: { type: "enum", items: [{ value: 1, text: "一级" }, { value: 2, text: "二级" }] } }] };
const list = (productId: number) => cloud.request<FunctionRow[]>(`/device/prodFunction/list?productId=${productId}`, { token: admin });

describe("device/prodFunction", () => {
  it("adds functions with identifiers unique within the product, and edits them whole", async () => {
    const id = await product("函数测试产品");
    for (const f of [temp, pos, alarm]) expect((await cloud.request("/device/prodFunction/add", { token: admin, body: { ...f, productId: id } })).body.code).toBe(200);
    const dup = await cloud.request("/device/prodFunction/add", { token: admin, body: { ...temp, productId: id }, language: "en" });
    expect(dup.body).toMatchObject({ code: 409, msg: "Identifier already used: temp" });
    // Another product may use the same identifier.
    expect((await cloud.request("/device/prodFunction/add", { token: admin, body: { ...temp, productId: await product("另一个产品") } })).body.code).toBe(200);
    const fns = (await list(id)).body.data;
    expect(fns.map((f) => f.identifier)).toEqual(["temp", "pos", "overLimit"]);
    expect(fns[1].dataType).toEqual(pos.dataType);
    const upd = await cloud.request<FunctionRow>("/device/prodFunction/upd", { token: admin, body: { ...temp, id: fns[0].id, dataType: { ...temp.dataType, max: 125 } } });
    expect(upd.body.data.dataType).toMatchObject({ max: 125 });
    expect((await cloud.request("/device/prodFunction/upd", { token: admin, body: { ...temp, id: fns[0].id, identifier: "pos" } })).body.code).toBe(409);
    const page = await cloud.request<Page<FunctionRow>>(`/device/prodFunction/page?productId=${id}&funcType=2`, { token: admin });
    expect(page.body.data.records).toMatchObject([{ identifier: "overLimit", prodName: "函数测试产品" }]);
    expect((await cloud.request("/device/prodFunction/add", { token: platform, body: { ...temp, identifier: "t2", productId: id } })).body.code).toBe(404);
  });

  it("refuses a struct within a struct, an enum without items and max below min, naming the field", async () => {
    const id = await product("校验产品");
    const en = (body: unknown) => cloud.request("/device/prodFunction/add", { token: admin, body, language: "en" });
    const nested = { ...pos, productId: id, dataType: { type: "struct", members: [{ identifier: "inner", name: "I", dataType: pos.dataType }] } };
    expect((await en(nested)).body).toMatchObject({ code: 400, msg: "Data type: A struct cannot contain another struct" });
    expect((await en({ ...alarm, productId: id, funcType: 1, accessMode: "r", dataType: { type: "enum", items: [] } })).body.msg).toBe("Data type: Add at least one enumeration item");
    expect((await en({ ...temp, productId: id, dataType: { type: "int32", min: 5, max: 1 } })).body.msg).toBe("Data type: The maximum must not be below the minimum");
    expect((await en({ ...temp, productId: id, dataType: { type: "decimal" } })).body.msg).toMatch(/^Data type: Unknown data type/);
    expect((await list(id)).body.data).toEqual([]);
  });

  it("exports a product's TDL and imports it into another product: the same functions", async () => {
    const from = await product("TDL 源产品");
    for (const f of [temp, pos, alarm]) await cloud.request("/device/prodFunction/add", { token: admin, body: { ...f, productId: from } });
    const res = await cloud.app.request("/iotCloud/device/prodFunction/jsonTDL", { method: "POST", headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" }, body: JSON.stringify({ productId: from }) });
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const doc = (await res.json()) as TdlDocument;
    expect(doc.functions.map((f) => f.identifier)).toEqual(["temp", "pos", "overLimit"]);
    const to = await product("TDL 目标产品");
    const imp = await cloud.request<{ added: number }>("/device/prodFunction/addFuncByTDL", { token: admin, body: { productId: to, content: JSON.stringify(doc) } });
    expect(imp.body.data).toEqual({ added: 3 });
    const strip = (fs: FunctionRow[]) => fs.map(({ id: _id, createTime: _t, productId: _p, prodName: _n, ...f }) => f);
    expect(strip((await list(to)).body.data)).toEqual(strip((await list(from)).body.data));
    // Importing again clashes on every identifier: nothing is added.
    const again = await cloud.request("/device/prodFunction/addFuncByTDL", { token: admin, body: { productId: to, content: JSON.stringify(doc) }, language: "en" });
    expect(again.body).toMatchObject({ code: 409, msg: "Identifier already used: temp, pos, overLimit" });
  });

  it("refuses a TDL file that is not JSON or holds bad functions, listing each and saving none", async () => {
    const to = await product("TDL 坏文件");
    const imp = (content: string) => cloud.request<TdlError[]>("/device/prodFunction/addFuncByTDL", { token: admin, body: { productId: to, content }, language: "en" });
    expect((await imp("{ not json")).body).toMatchObject({ code: 400, msg: "The TDL file is not valid JSON" });
    expect((await imp('{"version":1}')).body.msg).toBe('The TDL file has no "functions" list');
    const bad = await imp(JSON.stringify({ functions: [temp, { ...temp, identifier: "t2", dataType: { type: "decimal", min: 0, max: 1 } }, { ...pos, identifier: "p2", dataType: { type: "enum" } }] }));
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/^2 function\(s\) refused; no function was imported\. Function 2, dataType\.type: Unknown data type/);
    expect(bad.body.data).toEqual([
      { index: 1, identifier: "t2", field: "dataType.type", msg: expect.stringMatching(/^Unknown data type/) },
      { index: 2, identifier: "p2", field: "dataType.items", msg: "Add at least one enumeration item" },
    ]);
    expect((await list(to)).body.data).toEqual([]);
  });

  it("keeps a function in use (the registered checks name the users)", async () => {
    const id = await product("在用功能产品");
    const fn = (await cloud.request<FunctionRow>("/device/prodFunction/add", { token: admin, body: { ...temp, productId: id } })).body.data;
    const off = registerFunctionUse(async (_db, fns) => (fns.some((f) => f.productId === id && f.identifier === "temp") ? { kind: "product.usage.alarmRule", names: ["温度过高"] } : null));
    try {
      const del = await cloud.request("/device/prodFunction/del", { token: admin, body: { ids: [fn.id] }, language: "en" });
      expect(del.body).toMatchObject({ code: 409, msg: "Still in use — Alarm rules: 温度过高" });
      const ren = await cloud.request("/device/prodFunction/upd", { token: admin, body: { ...temp, id: fn.id, identifier: "temperature" } });
      expect(ren.body.code).toBe(409);
    } finally {
      off();
    }
    expect((await cloud.request("/device/prodFunction/del", { token: admin, body: { ids: [fn.id] } })).body.code).toBe(200);
  });
});
