"use client";

import { multilingualField } from "@/components/kit/form/multilingual-input";
import { Building2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { defineResource, resourcePage } from "@/components/kit";
import { department, departmentApi, departmentUpdate, type DepartmentNode } from "@/lib/contract/system/department";
import { Badge } from "@/components/ui/badge";
import { DepartmentSelect } from "./department-select";

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
  entity: department,
  // The tree comes whole; edits start from the row.
  calls: { ...departmentApi, page: departmentApi.tree },
  schemas: { update: departmentUpdate },
  // A new department goes under the company unless it is added below another one.
  tree: { defaultExpanded: 2, addParent: (nodes) => nodes[0] },
  search: { keyword: "departmentName", items: [] },
  columns: { departmentName: { minWidth: 240, render: (n) => <DepartmentName node={n} /> } },
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
    fields: {
      departmentName: multilingualField,
      parentId: {
        type: "custom",
        render: ({ field, form, disabled, invalid }) => (
          <DepartmentSelect id="field-parentId" value={field.value} onChange={field.onChange} disabled={disabled} invalid={invalid} excludeSubtreeOf={form.getValues("id") || null} />
        ),
      },
    },
  },
});

export const DepartmentPage = resourcePage(departmentResource);
