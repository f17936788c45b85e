// @vitest-environment node
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What a page can carry in its first load: every module its page file reaches through static imports
 * (`import()` and type-only imports are not followed; a package is noted, not entered). It is more than
 * the browser gets (server modules, whole barrels), so a module it does not reach is surely out of the
 * page's first load — what `bench:firstload` weighs (issue 41).
 */
const ROOT = resolve(__dirname, "..");
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveLocal(spec: string, from: string): string | null {
  const base = spec.startsWith("@/") ? join(ROOT, spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(from), spec) : null;
  if (base === null) return null;
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  throw new Error(`${relative(ROOT, from)}: cannot resolve ${spec}`);
}

/** The specifiers a module imports or re-exports at run time, in its own text. */
function staticSpecifiers(text: string): string[] {
  const out: string[] = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const m of code.matchAll(/(?:^|;|\n)\s*(import|export)\s+([\s\S]*?)\s+from\s+["']([^"']+)["']/g)) {
    const [, , what, spec] = m;
    if (/^type\s/.test(what)) continue;
    const named = /^\{([\s\S]*)\}$/.exec(what.trim());
    if (named && named[1].split(",").every((n) => !n.trim() || /^type\s/.test(n.trim()))) continue;
    out.push(spec);
  }
  for (const m of code.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)) out.push(m[1]);
  return out;
}

/** Every local module (path from the root) and package a page file reaches statically. */
function reached(page: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    const key = relative(ROOT, file);
    if (seen.has(key)) return;
    seen.add(key);
    for (const spec of staticSpecifiers(readFileSync(file, "utf8"))) {
      const local = resolveLocal(spec, file);
      if (local) walk(local);
      else seen.add(spec);
    }
  };
  walk(join(ROOT, page));
  return seen;
}

describe("what a page's first load may carry", () => {
  it("reads the imports it should (the walk itself)", () => {
    const graph = reached("app/(console)/devices/viewDevice/page.tsx");
    expect(graph).toContain("components/devices/view-device/view-device-detail.tsx");
    expect(graph).toContain("lib/contract/device/device.ts");
    expect(graph).toContain("components/alarm/device-alarms.tsx");
    // Loaded when opened: the history tab.
    expect(graph).not.toContain("components/devices/view-device/history-panel.tsx");
  });

  it.each([
    // The open-alarms badge asks for its call alone, not the alarm centre's contract.
    ["app/(console)/devices/viewDevice/page.tsx", ["lib/contract/alarm/alarm-center.ts", "lib/contract/alarm/workflow.ts", "lib/contract/alarm/rule.ts"]],
    // The alarm's chart draws the rules' lines without the rules' contract.
    ["app/(console)/alarm/alarmCenterInfo/page.tsx", ["lib/contract/alarm/rule.ts", "lib/contract/alarm/contact.ts"]],
    // A task's page carries the tasks' calls, not the packages'.
    ["app/(console)/OTATaskInfo/page.tsx", ["lib/contract/ota/api.ts", "lib/contract/ota/package.ts"]],
    // The functions' data type and parameter editors load with their form.
    ["app/(console)/productSet/productInfo/page.tsx", ["components/product-set/function-editor.tsx"]],
    // A monitoring screen draws the alarm lines without the rules' contract, and ECharts loads with its first chart.
    ["app/(console)/operationMonitoring/[kind]/page.tsx", ["lib/contract/alarm/rule.ts", "echarts", "echarts/core", "components/charts/echarts-core.ts"]],
    ["app/(console)/home/page.tsx", ["echarts", "echarts/core", "components/charts/echarts-core.ts"]],
    ["app/(console)/layout.tsx", ["echarts", "echarts/core", "components/charts/echarts-core.ts"]],
  ])("%s does not reach %j", (page, absent) => {
    const graph = reached(page);
    expect(graph.size).toBeGreaterThan(20);
    expect(absent.filter((m) => graph.has(m))).toEqual([]);
  });
});
