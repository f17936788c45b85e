import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { zodInBrowser } from "./zod-real";

/** Every source file of the console (the browser's side: app, components, lib). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name.startsWith(".") ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("zod in the browser", () => {
  it("has every zod member the console's code builds with", () => {
    const used = new Set<string>();
    for (const file of ["app", "components", "lib"].flatMap(sources)) {
      const text = readFileSync(file, "utf8");
      if (!/from "zod"/.test(text)) continue;
      // Calls, member reads and instanceof: `z.string(`, `z.coerce.`, `instanceof z.ZodDefault`; `z.core` is types only.
      for (const m of text.matchAll(/\bz\.([A-Za-z$]+)\s*[(.]|instanceof z\.([A-Za-z]+)/g)) used.add(m[1] ?? m[2]);
    }
    used.delete("core");
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !(name in zodInBrowser))).toEqual([]);
  });
});
