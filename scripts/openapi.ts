import { writeFileSync } from "node:fs";
import { CATALOGUE } from "@/lib/contract/catalogue";
import { openApiDocument } from "@/lib/contract/openapi";
import { messageLookup } from "@/lib/i18n/namespaces";

/** Writes the catalogue's OpenAPI documents: docs/openapi.json (English) and docs/openapi.zh-cn.json. */
for (const [locale, file] of [["en", "docs/openapi.json"], ["zh-cn", "docs/openapi.zh-cn.json"]] as const) {
  const message = await messageLookup(locale);
  writeFileSync(file, `${JSON.stringify(openApiDocument(CATALOGUE, { locale, titleOf: (ns) => message(`${ns}.title`) }), null, 2)}\n`);
  console.log(`wrote ${file}`);
}
