"use client";

import { Building2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { defineResource, ResourcePage } from "@/components/kit";
import { departmentAdd, departmentQuery, departmentUpdate, type DepartmentNode } from "@/lib/contract/system/department";
import { Badge } from "@/components/ui/badge";
import { DepartmentSelect } from "./department-select";
import { DEPARTMENT_TREE } from "./use-departments";

function DepartmentName({ node }: { node: DepartmentNode }) {
  const t = useTranslations("system.department");
  return (
    <>
      {node.root && <Building2Icon className="size-4 shrink-0 text-primary" aria-hidden />}
      <span className="truncate">{node.departmentName}</span>
      {node.root && (
        <Badge variant="secondary" className="ml-1">
          {t("company")}
        </Badge>
      )}
    </>
  );
}

// The company itself takes no buttons (core §6); the cloud refuses anyway.
const notRoot = (n: DepartmentNode) => !n.root;

/** departmentSet: the tenant's department tree; the company root is shown but never operated on. */
export const departmentResource = defineResource<DepartmentNode>({
  ns: "system.department",
  api: "sys/department",
  perm: "sys:department",
  endpoints: { page: DEPARTMENT_TREE, info: false, export: false, import: false, template: false, openOrClose: false },
  schemas: { query: departmentQuery, create: departmentAdd, update: departmentUpdate },
  // A new department goes under the company unless it is added below another one.
  tree: { defaultExpanded: 2, addParent: (nodes) => nodes[0] },
  search: { keyword: "departmentName", keywordPlaceholder: "fields.departmentName", items: [] },
  columns: [
    { prop: "departmentName", label: "fields.departmentName", minWidth: 240, render: (n) => <DepartmentName node={n} /> },
    { prop: "leader", label: "fields.leader" },
    { prop: "phone", label: "fields.phone" },
    { prop: "email", label: "fields.email" },
    { prop: "userCount", label: "fields.userCount", width: 90, align: "right" },
    { prop: "sort", label: "fields.sort", width: 80, align: "right" },
  ],
  // The cloud refuses a department with children or users and says why (a toast).
  rowActions: [
    { builtin: "addChild", show: notRoot },
    { builtin: "edit", show: notRoot },
    { builtin: "del", show: notRoot, confirm: "confirmDelete" },
  ],
  inlineActions: 3,
  rowName: (n) => n.departmentName,
  toolbar: ["add"],
  form: {
    columns: 2,
    defaults: { departmentName: "", sort: 0, leader: "", phone: "", email: "", remark: "" },
    toForm: ({ id, parentId, departmentName, sort, leader, phone, email, remark }) => ({ id, parentId, departmentName, sort, leader, phone, email, remark }),
    fields: [
      {
        name: "parentId",
        label: "fields.parentId",
        type: "custom",
        required: true,
        render: ({ field, form, disabled, invalid }) => (
          <DepartmentSelect id="field-parentId" value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} excludeSubtreeOf={form.getValues("id") || null} />
        ),
      },
      { name: "departmentName", label: "fields.departmentName", required: true },
      { name: "leader", label: "fields.leader" },
      { name: "phone", label: "fields.phone" },
      { name: "email", label: "fields.email" },
      { name: "sort", label: "fields.sort", type: "number", min: 0, max: 10000, floatNum: 0 },
      { name: "remark", label: "fields.remark", type: "textarea" },
    ],
  },
});

export function DepartmentPage() {
  return <ResourcePage resource={departmentResource} />;
}
