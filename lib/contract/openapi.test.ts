import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { CATALOGUE } from "./catalogue";
import { messageLookup } from "@/lib/i18n/namespaces";
import { openApiDocument } from "./openapi";

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
    const realTime = doc.paths["/device/device/getDevRealTimeData"].get;
    expect(realTime.summary).toBe("Newest value of every property of a device's thing model");
    expect(JSON.stringify(realTime)).toContain('"lastReportTime"');
    expect(doc.info.description).toContain("iot/{productId}/{sn}/property/post");
  });

  it("names an entity's calls by the entity's title", async () => {
    const message = await messageLookup("en");
    const doc = openApiDocument(CATALOGUE, { locale: "en", titleOf: (ns) => message(`${ns}.title`) }) as { paths: Record<string, Record<string, { summary: string }>> };
    expect(doc.paths["/device/battery/page"].get.summary).toBe(`A page of ${message("deviceOps.battery.title")}`);
  });

  it("is written to docs/ as the catalogue stands (npm run docs:openapi)", async () => {
    for (const [locale, file] of [["en", "docs/openapi.json"], ["zh-cn", "docs/openapi.zh-cn.json"]] as const) {
      const message = await messageLookup(locale);
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(openApiDocument(CATALOGUE, { locale, titleOf: (ns) => message(`${ns}.title`) }));
    }
  });
});
