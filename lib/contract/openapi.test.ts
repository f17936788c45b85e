import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Validator } from "@seriousme/openapi-schema-validator";
import { CATALOGUE } from "./catalogue";
import { messageLookup } from "@/lib/i18n/namespaces";
import { defineCall } from "./call";
import { moduleOf, openApiDocument, operationIdOf, tagOf, untitledModules, unwrittenSummaries } from "./openapi";
import { SERVICES } from "./services";
import en from "@/messages/en/calls.json";
import zh from "@/messages/zh-cn/calls.json";

/** Every key of a messages tree, dotted (`summaries.device/device/page`). */
const keysOf = (node: unknown, at = ""): string[] =>
  node && typeof node === "object" ? Object.entries(node).flatMap(([k, v]) => keysOf(v, at ? `${at}.${k}` : k)) : [at];

describe("the OpenAPI document of the catalogue", () => {
  for (const locale of ["en", "zh-cn"] as const) {
    it(`is valid OpenAPI 3.1 (${locale})`, async () => {
      const result = await new Validator().validate(openApiDocument(CATALOGUE, { locale }) as Parameters<Validator["validate"]>[0]);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    });
  }

  it("documents every declared call, its envelope, access and MQTT topics", () => {
    const doc = openApiDocument(CATALOGUE, { locale: "en" }) as { paths: Record<string, Record<string, { summary: string; "x-access": unknown }>>; info: { description: string } };
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations).toHaveLength(CATALOGUE.length);
    const realTime = doc.paths["/device/device/getDevRealTimeData"].get as { summary: string; operationId?: string; tags?: string[] };
    expect(realTime.operationId).toBe("device.device.getDevRealTimeData");
    expect(realTime.tags).toEqual(["device.device"]);
    expect(realTime.summary).toBe("Newest value of every property of a device's thing model");
    expect(JSON.stringify(realTime)).toContain('"lastReportTime"');
    expect(doc.info.description).toContain("iot/{productId}/{sn}/property/post");
  });

  it("names an entity's calls by the entity's title", async () => {
    const message = await messageLookup("en");
    const doc = openApiDocument(CATALOGUE, { locale: "en", titleOf: (ns) => message(`${ns}.title`) }) as { paths: Record<string, Record<string, { summary: string }>> };
    expect(doc.paths["/device/battery/page"].get.summary).toBe(`A page of ${message("deviceOps.battery.title")}`);
  });

  for (const locale of ["en", "zh-cn"] as const) {
    it(`gives every declared call a written summary and every module a title (${locale})`, async () => {
      const message = await messageLookup(locale);
      const titleOf = (ns: string) => message(`${ns}.title`);
      // A call lacking one is listed by path: add `summaries["<path>"]` to messages/en/calls.json and messages/zh-cn/calls.json
      // (or a generic verb under `actions` with the entity's `<ns>.title`); a module lacking a title: `modules["<service>/<module>"]`.
      expect(unwrittenSummaries(CATALOGUE, locale, titleOf), `calls without a summary in messages/${locale}/calls.json`).toEqual([]);
      expect(untitledModules(CATALOGUE, locale, titleOf), `modules without a title in messages/${locale}/calls.json`).toEqual([]);
    });
  }

  it("tells a call made up from its path from a written one", async () => {
    const message = await messageLookup("en");
    const titleOf = (ns: string) => message(`${ns}.title`);
    const bare = defineCall({ kind: "post", path: "device/newThing/frobnicate", answer: z.object({}), access: "user" });
    const untitled = defineCall({ kind: "get", path: "device/newThing/page", answer: z.object({}), access: "user", entity: "nowhere.newThing" });
    const titled = defineCall({ kind: "get", path: "device/newThing/page", answer: z.object({}), access: "user", entity: "deviceOps.battery" });
    expect(unwrittenSummaries([bare, untitled, titled], "en", titleOf)).toEqual(["device/newThing/frobnicate", "device/newThing/page"]);
    expect(untitledModules([bare], "zh-cn", titleOf)).toEqual(["device/newThing"]);
  });

  it("holds the same texts in English and Chinese", () => {
    expect(keysOf(zh).sort()).toEqual(keysOf(en).sort());
  });

  it("tags each call with its module, in the services' order, under names Swagger UI's deep links keep", async () => {
    const message = await messageLookup("zh-cn");
    const doc = openApiDocument(CATALOGUE, { locale: "zh-cn", titleOf: (ns) => message(`${ns}.title`) }) as { tags: { name: string; description: string }[]; paths: Record<string, Record<string, { operationId: string; tags: string[] }>> };
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    // The hash `#/{tag}/{operationId}` is split on `/` and reads `_` as a space: neither may appear.
    for (const name of [...doc.tags.map((t) => t.name), ...operations.map((o) => o.operationId)]) expect(name).toMatch(/^[A-Za-z0-9.-]+$/);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    const names = doc.tags.map((t) => t.name);
    expect(names).toEqual([...new Set(CATALOGUE.map(tagOf))].sort((a, b) => SERVICES.indexOf(a.split(".")[0] as never) - SERVICES.indexOf(b.split(".")[0] as never) || a.localeCompare(b)));
    expect(names.indexOf("sys.user")).toBeLessThan(names.indexOf("device.battery"));
    expect(new Set(operations.flatMap((o) => o.tags))).toEqual(new Set(doc.tags.map((t) => t.name)));
    const largest = Math.max(...doc.tags.map((t) => operations.filter((o) => o.tags[0] === t.name).length));
    expect(largest).toBeLessThan(60);
    expect(doc.tags.find((t) => t.name === "device.product")?.description).toBe(message("product.product.title"));
    expect(doc.tags.find((t) => t.name === "sys.login")?.description).toBe(zh.modules["sys/login"]);
    const call = CATALOGUE.find((c) => c.path === "comm/ingest/:productId/:sn/:group/:action")!;
    expect([moduleOf(call), tagOf(call), operationIdOf(call)]).toEqual(["comm/ingest", "comm.ingest", "comm.ingest.productId.sn.group.action"]);
  });

  it("is written to docs/ as the catalogue stands (npm run docs:openapi)", async () => {
    for (const [locale, file] of [["en", "docs/openapi.json"], ["zh-cn", "docs/openapi.zh-cn.json"]] as const) {
      const message = await messageLookup(locale);
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(openApiDocument(CATALOGUE, { locale, titleOf: (ns) => message(`${ns}.title`) }));
    }
  });
});
