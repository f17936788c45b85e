import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/contract/envelope";
import type { Product, ProdCopy } from "@/lib/contract/device/product";
import { registerProductUse } from "../../db/queries/product-usage";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
signedIn((s) => ({ cloud, admin, operator, platform } = s));

const base = { prodCategory: "structural", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret", activeCycle: 30 };
async function add(token: string, body: Record<string, unknown>) {
  const res = await cloud.request<Product>("/device/product/add", { token, body: { ...base, ...body } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe("device/product", () => {
  it("starts the demo tenant with the sensor catalogue, the gateway and its sub-products", async () => {
    const all = await cloud.request<Page<Product>>("/device/product/page?size=100", { token: admin });
    const byKind = all.body.data.records.filter((p) => p.monitorType);
    expect(byKind).toHaveLength(13);
    expect(byKind.every((p) => (p.functionCount ?? 0) > 0)).toBe(true);
    const gw = all.body.data.records.find((p) => p.prodType === "gateway")!;
    const subs = await cloud.request<Product[]>(`/device/product/subProdList?productId=${gw.id}`, { token: admin });
    expect(subs.body.data.map((s) => s.prodType)).toEqual(["subDevice", "subDevice"]);
    expect((await cloud.request<Page<Product>>("/device/product/page", { token: platform })).body.data.total).toBe(0);
  });

  it("adds, lists, edits and deletes within the caller's tenant", async () => {
    const p = await add(admin, { prodName: "测试倾角仪", prodModel: "QJ-1", tenantId: 1, gatewayType: "LoRa" });
    expect(p).toMatchObject({ prodName: "测试倾角仪", prodType: "device", gatewayType: null, activeCycle: 30, functionCount: 0 });
    const page = await cloud.request<Page<Product>>(`/device/product/page?prodName=${encodeURIComponent("测试倾角")}`, { token: admin });
    expect(page.body.data.records.map((r) => r.id)).toEqual([p.id]);
    expect((await cloud.request(`/device/product/info?id=${p.id}`, { token: platform })).body.code).toBe(404);
    const upd = await cloud.request<Product>("/device/product/upd", { token: admin, body: { id: p.id, activeCycle: "120" } });
    expect(upd.body.data).toMatchObject({ activeCycle: 120, prodName: "测试倾角仪" });
    expect((await cloud.request("/device/product/del", { token: platform, body: { ids: [p.id] } })).body.code).toBe(404);
    expect((await cloud.request("/device/product/del", { token: admin, body: { ids: [p.id] } })).body.code).toBe(200);
  });

  it("refuses bad input with the field named, and writes without the permission", async () => {
    const en = (body: unknown) => cloud.request("/device/product/add", { token: admin, body, language: "en" });
    expect((await en({ ...base, prodName: "x", activeCycle: 0 })).body).toMatchObject({ code: 400, msg: "Active cycle (min): Must be at least 1" });
    expect((await en({ ...base, prodName: "x", activeCycle: 10001 })).body).toMatchObject({ code: 400, msg: "Active cycle (min): Must not exceed 10000" });
    expect((await en({ ...base, prodName: "x", prodType: "gateway" })).body).toMatchObject({ code: 400, msg: "Gateway protocol: Please select" });
    expect((await en({ ...base, prodName: "x", netType: "zigbee" })).body).toMatchObject({ code: 400, msg: "Network: Invalid option" });
    expect((await en({ ...base, prodName: "" })).body).toMatchObject({ code: 400, msg: "Product name: Required" });
    expect((await cloud.request("/device/product/add", { token: operator, body: { ...base, prodName: "x" } })).body.code).toBe(403);
  });

  it("binds sub-device products to a gateway only", async () => {
    const gw = await add(admin, { prodName: "测试网关", prodType: "gateway", gatewayType: "Modbus" });
    const sub = await add(admin, { prodName: "测试子设备", prodType: "subDevice" });
    const plain = await add(admin, { prodName: "测试直连设备" });
    const picker = await cloud.request<Page<Product>>(`/device/product/page?size=100&notSubOf=${gw.id}`, { token: admin });
    expect(picker.body.data.records.map((r) => r.id)).toContain(sub.id);
    expect(picker.body.data.records.map((r) => r.id)).not.toContain(plain.id);
    expect((await cloud.request("/device/product/bind", { token: admin, body: { gatewayId: gw.id, subIds: [plain.id] }, language: "en" })).body).toMatchObject({
      code: 400,
      msg: "Only sub-device products can be bound to a gateway: 测试直连设备",
    });
    expect((await cloud.request("/device/product/bind", { token: admin, body: { gatewayId: sub.id, subIds: [sub.id] } })).body.code).toBe(400);
    expect((await cloud.request("/device/product/bind", { token: admin, body: { gatewayId: gw.id, subIds: [sub.id] } })).body.code).toBe(200);
    const subs = await cloud.request<Product[]>(`/device/product/subProdList?productId=${gw.id}`, { token: admin });
    expect(subs.body.data.map((s) => s.id)).toEqual([sub.id]);
    expect((await cloud.request<Product>(`/device/product/info?id=${gw.id}`, { token: admin })).body.data.subCount).toBe(1);
    expect((await cloud.request<Page<Product>>(`/device/product/page?subOf=${gw.id}`, { token: admin })).body.data.records.map((r) => r.id)).toEqual([sub.id]);
    const after = await cloud.request<Page<Product>>(`/device/product/page?size=100&notSubOf=${gw.id}`, { token: admin });
    expect(after.body.data.records.map((r) => r.id)).not.toContain(sub.id);
    expect((await cloud.request("/device/product/unBind", { token: admin, body: { gatewayId: gw.id, subIds: [sub.id] } })).body.code).toBe(200);
    expect((await cloud.request<Product[]>(`/device/product/subProdList?productId=${gw.id}`, { token: admin })).body.data).toEqual([]);
  });

  it("keeps a product with devices: no deletion, no type change (the registered checks name them)", async () => {
    const p = await add(admin, { prodName: "有设备的产品" });
    const off = registerProductUse(async (_db, ids) => (ids.includes(p.id) ? { kind: "product.usage.device", names: ["QJ-001", "QJ-002"] } : null));
    try {
      const del = await cloud.request("/device/product/del", { token: admin, body: { ids: [p.id] }, language: "en" });
      expect(del.body).toMatchObject({ code: 409, msg: "Still in use — Devices: QJ-001, QJ-002" });
      const type = await cloud.request("/device/product/upd", { token: admin, body: { id: p.id, prodType: "subDevice" }, language: "en" });
      expect(type.body.msg).toBe("The product type cannot change while it is in use — Devices: QJ-001, QJ-002");
      expect((await cloud.request("/device/product/upd", { token: admin, body: { id: p.id, prodName: "改名可以" } })).body.code).toBe(200);
    } finally {
      off();
    }
    expect((await cloud.request("/device/product/del", { token: admin, body: { ids: [p.id] } })).body.code).toBe(200);
  });
});

describe("device/prodCopy", () => {
  it("offers the platform's copies to tenants read-only, and subscribing makes the tenant a product with the functions", async () => {
    const fn = { funcName: "倾角 X", identifier: "angleX", funcType: 1, accessMode: "r", dataType: { type: "float", min: -30, max: 30, unit: "°" } };
    const made = await cloud.request<ProdCopy>("/device/prodCopy/add", { token: platform, body: { ...base, copyName: "平台标准倾角仪", functions: [fn] } });
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id;
    const seen = await cloud.request<Page<ProdCopy>>("/device/prodCopy/page?size=100&unsubscribed=1", { token: admin });
    expect(seen.body.data.records.find((r) => r.id === id)).toMatchObject({ owner: "platform", subscribed: false, functionCount: 1 });
    expect((await cloud.request("/device/prodCopy/upd", { token: admin, body: { id, copyName: "改" }, language: "en" })).body).toMatchObject({ code: 403, msg: "Platform product copies are read-only" });
    expect((await cloud.request("/device/prodCopy/del", { token: admin, body: { ids: [id] } })).body.code).toBe(403);

    const sub = await cloud.request<Product>("/device/prodCopy/subscribe", { token: admin, body: { copyId: id } });
    expect(sub.body.data).toMatchObject({ prodName: "平台标准倾角仪", functionCount: 1 });
    expect((await cloud.request("/device/prodCopy/subscribe", { token: admin, body: { copyId: id } })).body.code).toBe(409);
    const after = await cloud.request<Page<ProdCopy>>("/device/prodCopy/page?size=100&unsubscribed=1", { token: admin });
    expect(after.body.data.records.map((r) => r.id)).not.toContain(id);
    expect((await cloud.request<ProdCopy>(`/device/prodCopy/info?id=${id}`, { token: admin })).body.data.subscribed).toBe(true);
    expect((await cloud.request("/device/prodCopy/unsubscribe", { token: admin, body: { copyId: id } })).body.code).toBe(200);
    // The product made from it stays.
    expect((await cloud.request(`/device/product/info?id=${sub.body.data.id}`, { token: admin })).body.code).toBe(200);
    expect((await cloud.request("/device/prodCopy/subscribe", { token: operator, body: { copyId: id } })).body.code).toBe(403);
  });

  it("saves a product as a copy of the tenant's own, which only the tenant sees", async () => {
    const p = await add(admin, { prodName: "沉降仪样板" });
    await cloud.request("/device/prodFunction/add", { token: admin, body: { productId: p.id, funcName: "沉降", identifier: "settle", funcType: 1, accessMode: "r", dataType: { type: "double", min: -500, max: 500, unit: "mm" } } });
    const copy = await cloud.request<ProdCopy>("/device/prodCopy/addCopyNorm", { token: admin, body: { productId: p.id } });
    expect(copy.body.data).toMatchObject({ copyName: "沉降仪样板", owner: "own", functionCount: 1 });
    expect(copy.body.data.functions[0]).toMatchObject({ identifier: "settle" });
    expect((await cloud.request(`/device/prodCopy/info?id=${copy.body.data.id}`, { token: platform })).body.code).toBe(404);
    expect((await cloud.request("/device/prodCopy/upd", { token: admin, body: { id: copy.body.data.id, copyName: "沉降仪样板 2" } })).body.code).toBe(200);
    expect((await cloud.request("/device/prodCopy/addCopyNorm", { token: platform, body: { productId: p.id } })).body.code).toBe(404);
  });
});
