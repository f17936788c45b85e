import { z } from "zod";
import { defineCall } from "../call";

/**
 * sys/areas: apart from the tenants' contract because every list with an area column reads the tree at
 * first paint. A province, city or district of the area cascader:
 */
export type AreaNode = { code: string; name: string; childrens?: AreaNode[] };
const areaNode: z.ZodType<AreaNode> = z.object({ code: z.string(), name: z.string(), childrens: z.lazy(() => z.array(areaNode)).optional() });

/** The area tree every area field reads. */
export const areaApi = {
  tree: defineCall({ kind: "get", path: "sys/areas/tree", answer: z.array(areaNode), access: "user" }),
};
