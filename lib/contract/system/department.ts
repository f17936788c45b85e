import { z } from "zod";
import { i18nField, i18nTextsAnswer } from "../i18n-text";
import { defineEntity, keyField, type RowOf } from "../entity";
import { email, mobile, numberRequired, selectRequired, text, textRequired } from "../validation";
import { dbId } from "../common";
import { defineCall } from "../call";
import { crudCalls } from "../entity-calls";
import { ORG_READERS } from "./org";

/** Department (core §6): a tree per tenant whose root is the company itself — the root cannot
 *  be edited, moved or deleted; a department with users or children cannot be deleted. */
export const department = defineEntity({
  ns: "system.department",
  api: "sys/department", perm: "sys:department",
  fields: {
    id: keyField,
    parentId: { schema: selectRequired(dbId), kind: "id", list: false },
    departmentName: { schema: textRequired(64), search: "contains" },
    leader: { schema: text(32) },
    phone: { schema: mobile, kind: "phone" },
    email: { schema: email, kind: "email" },
    /** Users directly in this department. */
    userCount: { kind: "number", readOnly: true },
    sort: { schema: numberRequired(10000).default(0), kind: "number", min: 0, max: 10000, floatNum: 0 },
    remark: { schema: text(500), kind: "textarea", list: false },
    /** The company itself. */
    root: { schema: z.boolean(), readOnly: true, list: false, detail: false, export: false },
    i18n: i18nField,
  },
});
export const departmentUpdate = department.body.extend({ id: dbId });
export type DepartmentUpdate = z.infer<typeof departmentUpdate>;

export type DepartmentNode = Omit<RowOf<typeof department.fields>, "parentId"> & { parentId: number | null; childrens: DepartmentNode[] };
const orNull = z.string().nullable();
/** What add and upd answer: the stored department (its head count and place in the tree are the tree's). */
const savedDepartment = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  departmentName: z.string(),
  sort: z.number().int(),
  leader: orNull,
  phone: orNull,
  email: orNull,
  remark: orNull,
  i18n: i18nTextsAnswer,
});
/** A department of the tree: the stored one with its head count and children. */
const departmentNode: z.ZodType<DepartmentNode> = savedDepartment.extend({
  root: z.boolean(),
  userCount: z.number().int(),
  childrens: z.lazy(() => z.array(departmentNode)),
});

/** `sys/department/departmentUserTree`: departments with their users as leaves (pickers).
 *  `key` is unique across both kinds (`d<id>`, `u<id>`). */
export type DepartmentUserNode = {
  key: string;
  id: number;
  type: "department" | "user";
  name: string;
  childrens: DepartmentUserNode[];
};
const departmentUserNode: z.ZodType<DepartmentUserNode> = z.object({
  key: z.string(),
  id: z.number().int(),
  type: z.enum(["department", "user"]),
  name: z.string(),
  childrens: z.lazy(() => z.array(departmentUserNode)),
});

/** sys/department: the tenant's tree (with head counts, and with users as leaves for pickers), and its writes. */
export const departmentApi = {
  ...crudCalls(department, { only: ["del"] }),
  add: defineCall({ kind: "post", path: "sys/department/add", input: department.body, answer: savedDepartment, access: { perm: "sys:department:add" } }),
  upd: defineCall({ kind: "post", path: "sys/department/upd", input: departmentUpdate, answer: savedDepartment, access: { perm: "sys:department:upd" } }),
  tree: defineCall({ kind: "get", path: "sys/department/currentUser/tree", answer: z.array(departmentNode), access: ORG_READERS }),
  userTree: defineCall({ kind: "get", path: "sys/department/departmentUserTree", answer: z.array(departmentUserNode), access: ORG_READERS }),
};
