import { describe, expect, it } from "vitest";
import { permsOf, type AnyCall } from "@/lib/contract/call";
import { CATALOGUE } from "@/lib/contract/catalogue";
import { SERVED } from "./app";
import { MCP_PATH } from "./mcp/server";
import { sysMenuTree, tenantMenuTree, type MenuSeed } from "./seed/menu-tree";
import { createTestCloud } from "./testing";

/**
 * The call catalogue walked whole: what is declared is served, what is served is declared, every
 * permission code a call takes is one the menu trees seed. (Each route test also parses the answers
 * it reads by their declarations: `cloud/testing.ts`.)
 */

const seededCodes = (tree: MenuSeed[]): string[] => tree.flatMap((n) => [...(n.perms ? [n.perms] : []), ...seededCodes(n.children ?? [])]);
const SEEDED = new Set([...seededCodes(sysMenuTree), ...seededCodes(tenantMenuTree)]);
const key = (c: Pick<AnyCall, "path">) => c.path;

describe("the call catalogue", () => {
  it("declares each path once", () => {
    const paths = CATALOGUE.map(key);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it("serves every declared call, and declares every call it serves that way", () => {
    const served = new Set(SERVED.map(({ call }) => key(call)));
    expect(CATALOGUE.map(key).filter((p) => !served.has(p))).toEqual([]);
    const declared = new Set(CATALOGUE.map(key));
    expect([...served].filter((p) => !declared.has(p))).toEqual([]);
  });

  it("serves no route without a declaration", async () => {
    const cloud = await createTestCloud();
    try {
      // The MCP server is the one route beside the catalogue: a protocol endpoint whose tools are made of declared calls.
      const declared = new Set([...CATALOGUE.map((c) => `/iotCloud/${c.path}`), `/iotCloud/${MCP_PATH}`]);
      const undeclared = cloud.app.routes.filter((r) => (r.method === "GET" || r.method === "POST") && !declared.has(r.path)).map((r) => `${r.method} ${r.path}`);
      expect([...new Set(undeclared)]).toEqual([]);
    } finally {
      await cloud.close();
    }
  });

  it("takes only permission codes the menu trees seed", () => {
    const unknown = CATALOGUE.flatMap((c) => permsOf(c).filter((p) => !SEEDED.has(p)).map((p) => `${c.path}: ${p}`));
    expect(unknown).toEqual([]);
  });

  it("uses every permission code the menu trees seed, but those of screens still to be built", () => {
    const used = new Set(CATALOGUE.flatMap(permsOf));
    // The seeded buttons of menu entries whose domain has no calls yet; each goes when its issue lands.
    const toBuild = /^stat:report(Plane|Template):/;
    expect([...SEEDED].filter((code) => !used.has(code) && !toBuild.test(code))).toEqual([]);
  });

  it("reads only screens the menu trees seed", () => {
    const paths = new Set<string>();
    const walk = (tree: MenuSeed[]) => tree.forEach((n) => (n.path && paths.add(n.path), walk(n.children ?? [])));
    walk(sysMenuTree);
    walk(tenantMenuTree);
    const unknown = CATALOGUE.flatMap((c) => (typeof c.access === "object" && "menu" in c.access ? c.access.menu.filter((m) => !paths.has(m)).map((m) => `${c.path}: ${m}`) : []));
    expect(unknown).toEqual([]);
  });
});
