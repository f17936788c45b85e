import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { FunctionRow } from "@/lib/contract/device/product";
import type { RealTimeData } from "@/lib/contract/device/device-data";
import type { AlarmFunction } from "@/lib/contract/alarm/rule";
import type { DebugModel } from "@/lib/contract/device/debug";
import { walkFunctionParts } from "@/lib/contract/device/thing-model";
import { devices, productFunctions } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";

/**
 * Thing-model functions have a multilingual name (widgets §3, issue 40): the seed names every demo
 * property, event and service in both languages, a user gives the English name in the function
 * dialog, and every reader (device page, rule pickers, linkage, monitoring screens) reads the name
 * in its language; a function without one reads its own name everywhere.
 */
let cloud: TestCloud;
let admin: string;
signedIn((s) => ({ cloud, admin } = s), ["admin"]);

const CJK = /[\u4e00-\u9fff]/;
const call = async <T>(path: string, language: string, body?: unknown) => {
  const res = await cloud.request<T>(path, { token: admin, language, headers: { projectid: "1" }, ...(body ? { body } : {}) });
  expect(res.body.code, `${path}: ${res.body.msg}`).toBe(200);
  return res.body.data;
};

async function tiltMeter() {
  const [d] = await cloud.db.select().from(devices).where(eq(devices.deviceSn, "SIM01001"));
  return d;
}

describe("thing-model function names in the reader's language", () => {
  it("seeds every demo product's properties, events and services in both languages", async () => {
    const rows = await cloud.db.select({ funcName: productFunctions.funcName, i18n: productFunctions.i18n }).from(productFunctions);
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.filter((r) => !r.i18n?.funcName?.en || CJK.test(r.i18n.funcName.en)).map((r) => r.funcName)).toEqual([]);
    // The column keeps the Chinese name: searches and uniqueness read it.
    expect(rows.every((r) => r.i18n!.funcName["zh-cn"] === r.funcName)).toBe(true);
  });

  it("names the device page's values, the rule and linkage pickers and the screens' candidates in English", async () => {
    const d = await tiltMeter();
    const names = async (language: string) => (await call<RealTimeData>(`/device/device/getDevRealTimeData?id=${d.id}`, language)).values.map((v) => v.funcName);
    expect(await names("en")).toContain("Y-axis tilt");
    expect((await names("en")).filter((n) => CJK.test(n))).toEqual([]);
    expect(await names("zh-cn")).toContain("Y 轴倾角");

    const rule = await call<AlarmFunction[]>(`/alarm/rule/getDevAlamFunList?deviceId=${d.id}`, "en");
    expect(rule.find((f) => f.identifier === "angleY")?.funcName).toBe("Y-axis tilt");
    const linkage = await call<{ properties: FunctionRow[] }>(`/device/linkage/model?deviceId=${d.id}`, "en");
    expect(linkage.properties.find((f) => f.identifier === "angleY")?.funcName).toBe("Y-axis tilt");
    const fns = await call<FunctionRow[]>(`/device/prodFunction/list?productId=${d.productId}`, "en");
    expect(fns.find((f) => f.identifier === "angleY")?.funcName).toBe("Y-axis tilt");
    expect((await call<FunctionRow[]>(`/device/prodFunction/list?productId=${d.productId}`, "zh-cn")).find((f) => f.identifier === "angleY")?.funcName).toBe("Y 轴倾角");
  });

  it("seeds the demo functions' parameter names and their enum and bool labels in both languages (issue 40)", async () => {
    const rows = await cloud.db.select({ definition: productFunctions.definition }).from(productFunctions);
    const chineseOnly: string[] = [];
    for (const { definition } of rows)
      walkFunctionParts(definition, undefined, (part, fields) => {
        for (const f of fields) if (typeof part[f] === "string" && CJK.test(part[f] as string) && !part.i18n?.[f]?.en) chineseOnly.push(`${definition.identifier}.${f}: ${part[f]}`);
        return part;
      });
    expect(chineseOnly).toEqual([]);
  });

  it("answers parameter names and labels in the reader's language: the device's values, debugging's services, the function list", async () => {
    const [gnss] = await cloud.db.select({ productId: productFunctions.productId }).from(productFunctions).where(eq(productFunctions.identifier, "fixStatus"));
    const [device] = await cloud.db.select().from(devices).where(eq(devices.productId, gnss.productId));
    const labels = async (language: string) => (await call<RealTimeData>(`/device/device/getDevRealTimeData?id=${device.id}`, language)).values.find((v) => v.identifier === "fixStatus")?.labels;
    expect(await labels("en")).toEqual({ "0": "No fix", "1": "Single point", "2": "Float", "4": "Fixed" });
    expect((await labels("zh-cn"))?.["4"]).toBe("固定解");
    const d = await tiltMeter();
    const model = await call<DebugModel>(`/comm/debug/model?deviceId=${d.id}`, "en");
    expect(model.services.find((f) => f.identifier === "setZero")?.outputParams?.[0]).toMatchObject({ name: "Result", dataType: { trueText: "Succeeded", falseText: "Failed" } });
    const fns = await call<FunctionRow[]>(`/device/prodFunction/list?productId=${d.productId}`, "en");
    const event = fns.find((f) => f.identifier === "overLimit")!;
    expect(event.outputParams?.map((p) => p.name)).toEqual(["Axis", "Tilt"]);
    const zh = (await call<FunctionRow[]>(`/device/prodFunction/list?productId=${d.productId}`, "zh-cn")).find((f) => f.identifier === "overLimit")!;
    expect(zh.outputParams?.map((p) => p.name)).toEqual(["轴", "倾角"]);
  });

  it("keeps a parameter's and a label's other language when one is edited, and a plain one stays plain", async () => {
    const d = await tiltMeter();
    const [stored] = await cloud.db.select().from(productFunctions).where(and(eq(productFunctions.productId, d.productId), eq(productFunctions.identifier, "overLimit")));
    const info = async (language: string) => (await call<FunctionRow>(`/device/prodFunction/info?id=${stored.id}`, language)) as FunctionRow & Record<string, unknown>;
    // An English reader renames the "axis" parameter and adds a plain one, sending back what it read (the names' texts included).
    const { id: _id, createTime: _t, prodName: _p, ...rest } = await info("en");
    const outputParams = [{ ...rest.outputParams![0], name: "Tilt axis" }, rest.outputParams![1], { identifier: "note", name: "备注", dataType: { type: "text", length: 20 } }];
    await call("/device/prodFunction/upd", "en", { ...rest, id: stored.id, outputParams });
    expect((await info("en")).outputParams?.map((p) => p.name)).toEqual(["Tilt axis", "Tilt", "备注"]);
    expect((await info("zh-cn")).outputParams?.map((p) => p.name)).toEqual(["轴", "倾角", "备注"]);
    const [after] = await cloud.db.select({ definition: productFunctions.definition }).from(productFunctions).where(eq(productFunctions.id, stored.id));
    // The stored name stays the Chinese one; the new plain parameter has no texts.
    expect(after.definition.outputParams?.map((p) => [p.name, p.i18n?.name?.en ?? null])).toEqual([["轴", "Tilt axis"], ["倾角", "Tilt"], ["备注", null]]);
    expect(after.definition.outputParams?.[0].dataType).toMatchObject({ items: [{ text: "X" }, { text: "Y" }] });
    await cloud.db.update(productFunctions).set({ definition: stored.definition }).where(eq(productFunctions.id, stored.id));
  });

  it("falls back to the own name when a function has none in the reader's language, and keeps each language on edit", async () => {
    const d = await tiltMeter();
    const body = { productId: d.productId, funcType: 1, accessMode: "r", dataType: { type: "float", min: 0, max: 10, unit: "mm" }, inputParams: [], outputParams: [] };
    // Written in Chinese only: an English reader sees the Chinese name.
    const plain = await call<FunctionRow>("/device/prodFunction/add", "zh-cn", { ...body, funcName: "裂缝宽度", identifier: "crackWidth" });
    const inEn = async (id: number) => (await call<FunctionRow>(`/device/prodFunction/info?id=${id}`, "en")).funcName;
    const inZh = async (id: number) => (await call<FunctionRow>(`/device/prodFunction/info?id=${id}`, "zh-cn")).funcName;
    expect(await inEn(plain.id)).toBe("裂缝宽度");
    const [stored] = await cloud.db.select({ i18n: productFunctions.i18n }).from(productFunctions).where(eq(productFunctions.id, plain.id));
    expect(stored.i18n).toBeNull();

    // Given both names in the multilingual dialog: each reader sees its own.
    const both = await call<FunctionRow>("/device/prodFunction/add", "en", { ...body, funcName: "Crack depth", identifier: "crackDepth", i18n: { funcName: { "zh-cn": "裂缝深度", en: "Crack depth" } } });
    expect(both.funcName).toBe("Crack depth");
    expect(await inZh(both.id)).toBe("裂缝深度");
    const [row] = await cloud.db.select({ funcName: productFunctions.funcName }).from(productFunctions).where(eq(productFunctions.id, both.id));
    expect(row.funcName).toBe("裂缝深度");

    // Renamed in English: the Chinese name stays.
    const { id: _id, createTime: _t, prodName: _p, ...rest } = (await call<FunctionRow>(`/device/prodFunction/info?id=${both.id}`, "en")) as FunctionRow & Record<string, unknown>;
    await call("/device/prodFunction/upd", "en", { ...rest, id: both.id, funcName: "Crack depth (max)" });
    expect(await inEn(both.id)).toBe("Crack depth (max)");
    expect(await inZh(both.id)).toBe("裂缝深度");

    // A plain function renamed stays plain: the rename shows in every language.
    const { id: _i, createTime: _c, prodName: _n, ...plainRest } = (await call<FunctionRow>(`/device/prodFunction/info?id=${plain.id}`, "zh-cn")) as FunctionRow & Record<string, unknown>;
    await call("/device/prodFunction/upd", "en", { ...plainRest, id: plain.id, funcName: "Crack width" });
    expect(await inZh(plain.id)).toBe("Crack width");
    await cloud.db.delete(productFunctions).where(sql`${productFunctions.id} in (${plain.id}, ${both.id})`);
  });
});
