import { writeFileSync } from "node:fs";
import { CATALOGUE } from "@/lib/contract/catalogue";
import { openApiDocument } from "@/lib/contract/openapi";

/** Writes the catalogue's OpenAPI documents: docs/openapi.json (English) and docs/openapi.zh-cn.json. */
for (const [locale, file] of [["en", "docs/openapi.json"], ["zh-cn", "docs/openapi.zh-cn.json"]] as const) {
  writeFileSync(file, `${JSON.stringify(openApiDocument(CATALOGUE, { locale }), null, 2)}\n`);
  console.log(`wrote ${file}`);
}
