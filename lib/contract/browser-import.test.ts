// @vitest-environment node
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it, vi } from "vitest";

// As in the browser: `zod` is the lazy facade, which records schemas and refuses any other use until zod loads.
vi.mock("zod", async () => {
  const lazy = await import("../lazy-zod");
  return { z: lazy.z, default: lazy.z };
});

/** The contract modules the console's pages import (the docs' generator and the catalogue's walk are server-side). */
const SERVER_ONLY = new Set(["catalogue.ts", "openapi.ts"]);
function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modules(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") && !SERVER_ONLY.has(name) ? [path] : [];
  });
}

describe("the contract in the browser", () => {
  it("imports every module before zod has loaded: declarations only record their schemas", async () => {
    const root = __dirname;
    const failed: string[] = [];
    for (const file of modules(root)) {
      try {
        await import(/* @vite-ignore */ `./${relative(root, file).replace(/\.ts$/, "")}`);
      } catch (e) {
        failed.push(`${relative(root, file)}: ${(e as Error).message}`);
      }
    }
    expect(failed).toEqual([]);
  });
});
