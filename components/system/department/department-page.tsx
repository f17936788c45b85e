"use client";

import * as React from "react";
import { z } from "zod";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Building2Icon, PlusIcon } from "lucide-react";
import { defineResource, RowActions, useConfirm } from "@/components/kit";
import { usePermissions } from "@/components/kit/can";
import { api } from "@/lib/api/fetcher";
import { departmentAdd, departmentUpdate, type DepartmentNode } from "@/lib/contract/system/department";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TreeCell, TreeTable, type FlatRow } from "../menu/tree-table";
import { TreeFormDialog, useTreeDialogs } from "../menu/tree-dialogs";
import { DepartmentSelect } from "./department-select";
import { useDepartments } from "./use-departments";

/** departmentSet: the tenant's department tree; the company root is shown but never operated on. */
export const departmentResource = defineResource<DepartmentNode>({
  ns: "system.department",
  api: "sys/department",
  perm: "sys:department",
  endpoints: { page: "sys/department/currentUser/tree", info: false, export: false, import: false, template: false, openOrClose: false },
  schemas: { query: z.object({}), create: departmentAdd, update: departmentUpdate },
  columns: [],
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

type Row = FlatRow<DepartmentNode>;

export function DepartmentPage() {
  const t = useTranslations("system.department");
  const tk = useTranslations("kit");
  const { can } = usePermissions();
  const { nodes, error, isLoading, mutate } = useDepartments();
  const dialogs = useTreeDialogs();
  const [confirm, confirmElement] = useConfirm();

  const remove = React.useCallback(
    async (node: DepartmentNode) => {
      if (!(await confirm(t("confirmDelete", { name: node.departmentName }), { danger: true }))) return;
      try {
        // The cloud refuses a department with children or users and says why (a toast).
        await api.post("sys/department/del", { ids: [node.id] });
        toast.success(tk("form.deleted"));
        await mutate();
      } catch {
        /* the fetcher showed the cloud's message */
      }
    },
    [confirm, t, tk, mutate],
  );

  const columns = React.useCallback(
    (toggle: (id: number) => void) => [
      {
        id: "departmentName",
        header: () => t("fields.departmentName"),
        cell: ({ row }: { row: { original: Row } }) => {
          const r = row.original;
          return (
            <TreeCell row={r} onToggle={() => toggle(r.node.id)}>
              {r.node.root && <Building2Icon className="size-4 shrink-0 text-primary" aria-hidden />}
              <span className="truncate">{r.node.departmentName}</span>
              {r.node.root && (
                <Badge variant="secondary" className="ml-1">
                  {t("company")}
                </Badge>
              )}
            </TreeCell>
          );
        },
      },
      { id: "leader", header: () => t("fields.leader"), cell: ({ row }: { row: { original: Row } }) => row.original.node.leader || "-" },
      { id: "phone", header: () => t("fields.phone"), cell: ({ row }: { row: { original: Row } }) => row.original.node.phone || "-" },
      { id: "email", header: () => t("fields.email"), cell: ({ row }: { row: { original: Row } }) => row.original.node.email || "-" },
      { id: "userCount", header: () => t("fields.userCount"), cell: ({ row }: { row: { original: Row } }) => row.original.node.userCount },
      { id: "sort", header: () => t("fields.sort"), cell: ({ row }: { row: { original: Row } }) => row.original.node.sort },
      {
        id: "__actions",
        header: () => tk("actions.operate"),
        cell: ({ row }: { row: { original: Row } }) => {
          const n = row.original.node;
          // The company itself takes no buttons (core §6); the cloud refuses anyway.
          if (n.root) return null;
          const actions = [
            can("sys:department:add") && { key: "addChild", label: t("addChild"), run: () => dialogs.create(n.id) },
            can("sys:department:upd") && { key: "edit", label: tk("actions.edit"), run: () => dialogs.edit(n.id) },
            can("sys:department:del") && { key: "del", label: tk("actions.delete"), danger: true, run: () => remove(n) },
          ].filter((a) => !!a);
          return <RowActions actions={actions} moreLabel={tk("actions.more")} inline={3} />;
        },
      },
    ],
    [t, tk, can, dialogs, remove],
  );

  return (
    <div className="flex flex-col gap-3 p-4" data-testid="department-page">
      <TreeTable
        nodes={nodes}
        columns={columns}
        layout={{ departmentName: { minWidth: 240 }, userCount: { width: 90, align: "right" }, sort: { width: 80, align: "right" }, __actions: { width: 200, sticky: "right" } }}
        loading={isLoading}
        error={!!error && !nodes.length}
        onRetry={() => mutate()}
        openDepth={2}
        toolbar={
          can("sys:department:add") && (
            <Button size="sm" data-action="add" onClick={() => dialogs.create(nodes[0]?.id)}>
              <PlusIcon />
              {tk("actions.add")}
            </Button>
          )
        }
      />
      <TreeFormDialog resource={departmentResource} nodes={nodes} loading={isLoading} onSaved={() => mutate()} />
      {confirmElement}
    </div>
  );
}
