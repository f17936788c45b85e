import { z } from "zod";
import { email, mobile, numberRequired, optional, selectRequired, text, textRequired } from "../validation";
import { dbId } from "../common";

/** Department (core §6): a tree per tenant whose root is the company itself — the root cannot
 *  be edited, moved or deleted; a department with users or children cannot be deleted. */
const departmentFields = {
  parentId: selectRequired(dbId),
  departmentName: textRequired(64),
  sort: numberRequired(10000).default(0),
  leader: text(32),
  phone: mobile,
  email,
  remark: text(500),
};
export const departmentAdd = z.object(departmentFields);
export type DepartmentAdd = z.infer<typeof departmentAdd>;
export const departmentUpdate = z.object({ id: dbId, ...departmentFields });
export type DepartmentUpdate = z.infer<typeof departmentUpdate>;
/** departmentSet's filter of the tree (matched in the browser: the tree comes whole). */
export const departmentQuery = z.object({ departmentName: optional(z.string().trim().max(64, "validation.maxLength")) });

export type DepartmentNode = {
  id: number;
  parentId: number | null;
  departmentName: string;
  sort: number;
  leader: string | null;
  phone: string | null;
  email: string | null;
  remark: string | null;
  /** The company itself. */
  root: boolean;
  /** Users directly in this department. */
  userCount: number;
  childrens: DepartmentNode[];
};

/** `sys/department/departmentUserTree`: departments with their users as leaves (pickers).
 *  `key` is unique across both kinds (`d<id>`, `u<id>`). */
export type DepartmentUserNode = {
  key: string;
  id: number;
  type: "department" | "user";
  name: string;
  childrens: DepartmentUserNode[];
};
