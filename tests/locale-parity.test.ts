import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../messages/", import.meta.url));
const zhDir = join(root, "zh-cn");
const enDir = join(root, "en");
const jsonFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

/** Every leaf as `a.b.c` → value; a nested object is walked, anything else is a leaf. */
function leaves(node: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node === "object" && node !== null && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node)) for (const [kk, vv] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  } else {
    out.set(prefix, node);
  }
  return out;
}

const read = (dir: string, file: string) => leaves(JSON.parse(readFileSync(join(dir, file), "utf8")));
/** `{name}` and `{name, plural, …}` arguments, so a translation cannot drop or rename a value. */
const placeholders = (s: unknown) => (typeof s === "string" ? [...new Set([...s.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort() : []);

describe("locale parity", () => {
  it("has the same message files in zh-cn and en", () => {
    expect(jsonFiles(zhDir).length).toBeGreaterThan(0);
    expect(jsonFiles(enDir)).toEqual(jsonFiles(zhDir));
  });

  describe.each(jsonFiles(zhDir))("%s", (file) => {
    const zh = read(zhDir, file);
    const en = read(enDir, file);

    it("has the same keys in both locales", () => {
      expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    });

    it("has only non-empty strings", () => {
      for (const [locale, messages] of [["zh-cn", zh], ["en", en]] as const) {
        for (const [key, value] of messages) {
          expect(typeof value, `${locale}/${file}: ${key}`).toBe("string");
          expect((value as string).trim(), `${locale}/${file}: ${key}`).not.toBe("");
        }
      }
    });

    it("uses the same placeholders in both locales", () => {
      for (const [key, value] of zh) if (en.has(key)) expect(placeholders(en.get(key)), `${file}: ${key}`).toEqual(placeholders(value));
    });
  });
});
