import { describe, expect, it } from "vitest";
import { ESLint } from "eslint";

// The repository's own config, on code that is not in the repository: each layer rule must fire.
const eslint = new ESLint({ cwd: process.cwd(), cache: false });
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "layers/no-cross-layer").map((m) => m.message);
}

describe("layer rules", () => {
  it("keep next/*, app/ and components/ out of the cloud", async () => {
    const errors = await layerErrors("cloud/routes/x/y.ts", 'import { NextResponse } from "next/server";\nimport a from "@/app/layout";\nimport { b } from "../../../components/ui/button";\nimport { c } from "../../lib/http";\nimport { d } from "@/lib/contract/common";\nexport const v = [NextResponse, a, b, c, d];\n');
    expect(errors).toEqual([expect.stringContaining("next/*"), expect.stringContaining("@/app/layout"), expect.stringContaining("../../../components/ui/button")]);
  });

  it("keep the cloud out of app/ and components/, in imports, re-exports and import()", async () => {
    expect(await layerErrors("components/x/y.tsx", 'import { a } from "@/cloud/db/client";\nexport { b } from "../../cloud/lib/codes";\nexport const c = () => import("@/cloud/main");\nexport { a };\n')).toHaveLength(3);
    expect(await layerErrors("app/(console)/page.tsx", 'import { a } from "../../cloud/app";\nexport default a;\n')).toHaveLength(1);
  });

  it("keep the domains out of the kit and ui, but not the shared folders", async () => {
    expect(await layerErrors("components/kit/table/x.tsx", 'import { a } from "@/components/devices/x";\nimport { b } from "../../alarm/y";\nimport { c } from "../resource/define-resource";\nimport { d } from "@/components/charts/echart";\nimport { e } from "@/components/ui/button";\nexport const v = [a, b, c, d, e];\n')).toEqual([expect.stringContaining("@/components/devices/x"), expect.stringContaining("../../alarm/y")]);
    expect(await layerErrors("components/ui/x.tsx", 'vi.mock("@/components/monitoring/z");\n')).toHaveLength(1);
  });

  it("keep components/, app/ and the cloud out of lib/", async () => {
    expect(await layerErrors("lib/x.ts", 'import { a } from "@/components/kit";\nimport { b } from "../app/layout";\nimport type { C } from "@/cloud/main";\nimport { d } from "./tree";\nexport const v: C = [a, b, d];\n')).toHaveLength(3);
  });
});
