import { z } from "zod";
import { defineCall, empty } from "../call";
import { dbId } from "../common";

/**
 * The caller's favourite menu entries: apart from the rest of `sys/menu` because the shell's side
 * menu reads them at first paint, and the menu administration's contract is not a shell's to carry.
 */
export const collectBody = z.object({ menuId: dbId, collect: z.boolean() });

/** A favourite entry (`getCollectList`), shaped like the shell's menu entries. */
export const collectEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  icon: z.string().nullable(),
  path: z.string().nullable(),
  frame: z.number().int(),
  framePath: z.string().nullable(),
  type: z.literal("menu"),
  childrens: z.tuple([]),
});
export type CollectEntry = z.infer<typeof collectEntry>;

export const favouriteApi = {
  saveCollect: defineCall({ kind: "post", path: "sys/menu/saveCollect", input: collectBody, answer: empty, access: "user", scope: "own" }),
  collects: defineCall({ kind: "get", path: "sys/menu/getCollectList", answer: z.array(collectEntry), access: "user", scope: "own" }),
};
