"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { Can } from "../can";
import { useUrlParam } from "../url-param";
import { useConfirm } from "./confirm-dialog";
import { KitDialog } from "./kit-dialog";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { call, useCall } from "@/lib/api/call";
import type { AnyCall, CallInput } from "@/lib/contract/call";
import type { Page } from "@/lib/contract/envelope";

export type MemberColumn<R> = { title: string; cell: (row: R) => React.ReactNode };

type MemberUser = { id: number; username: string; realname: string; departmentName: string | null };

/** Account, name and department of member users; `t` is the screen's namespace (`fields.*`). */
export const userColumns = (t: (key: string) => string): MemberColumn<MemberUser>[] => [
  { title: t("fields.username"), cell: (r) => r.username },
  { title: t("fields.realname"), cell: (r) => r.realname },
  { title: t("fields.departmentName"), cell: (r) => r.departmentName ?? "-" },
];

export type MembersPickerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who are members now. */
  ids: number[];
  /** Posts `{ [owner]: id, [members]: ids }` to `call`, then reloads the members and the list. */
  save: (call: AnyCall, ids: number[]) => Promise<void>;
};

/**
 * The kit's relation dialog: who belongs to one owner (a group's users, a role's users or
 * tenants), opened by `?members=<id>`:
 * a table with a remove link per row and an add button that opens the caller's picker.
 */
export function MembersDialog<R extends { id: number }>({
  list,
  owner,
  members,
  remove,
  perm,
  columns,
  labels,
  addIcon,
  testId,
  addTestId,
  picker,
  onChanged,
}: {
  /** The members' GET call, made with `{ [owner]: id, ...params }`; it answers a list or a page. */
  list: { call: AnyCall; params?: Record<string, number> };
  /** Body and query key of the owner's id ("groupId", "roleId"). */
  owner: string;
  /** Body key of the member ids ("userIds", "tenantIds"). */
  members: string;
  /** Takes `{ [owner]: id, [members]: [id] }` off. */
  remove: AnyCall;
  /** Permission code that may add and remove. */
  perm: string;
  columns: MemberColumn<R>[];
  labels: { title: string; add: string; remove: string; empty: string };
  addIcon: React.ReactNode;
  testId: string;
  addTestId: string;
  picker: (p: MembersPickerProps) => React.ReactNode;
  onChanged: () => Promise<unknown>;
}) {
  const tk = useTranslations("kit");
  const [ownerId, setOwnerId] = useUrlParam("members");
  const [picking, setPicking] = React.useState(false);
  const [confirm, confirmElement] = useConfirm();
  const { data, isLoading, mutate } = useCall(list.call, ownerId ? ({ [owner]: ownerId, ...list.params } as CallInput<AnyCall>) : null, { shouldRetryOnError: false }) as { data?: R[] | Page<R>; isLoading: boolean; mutate: () => Promise<unknown> };
  const rows = (Array.isArray(data) ? data : data?.records) ?? [];
  const save = async (c: AnyCall, ids: number[]) => {
    try {
      await call(c, { [owner]: Number(ownerId), [members]: ids } as CallInput<AnyCall>);
      toast.success(tk("form.saved"));
      await Promise.all([mutate(), onChanged()]);
    } catch {
      /* the fetcher showed the cloud's message */
    }
  };
  return (
    <KitDialog
      open={!!ownerId}
      onClose={() => setOwnerId(null)}
      title={labels.title}
      width={720}
      testId={testId}
      actions="close"
    >
      <div className="flex flex-col gap-3">
        <Can code={perm}>
          <div>
            <Button size="sm" onClick={() => setPicking(true)} data-testid={addTestId}>
              {addIcon}
              {labels.add}
            </Button>
          </div>
        </Can>
        <div className="max-h-[50vh] overflow-auto rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                {columns.map((c) => (
                  <TableHead key={c.title}>{c.title}</TableHead>
                ))}
                <TableHead className="w-24">{tk("actions.operate")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  {columns.map((c) => (
                    <TableCell key={c.title}>{c.cell(r)}</TableCell>
                  ))}
                  <TableCell>
                    <Can code={perm}>
                      <button type="button" className="text-sm text-destructive hover:underline" onClick={async () => (await confirm(tk("confirm.removeMember"), { danger: true })) && save(remove, [r.id])}>
                        {labels.remove}
                      </button>
                    </Can>
                  </TableCell>
                </TableRow>
              ))}
              {!rows.length && (
                <TableRow>
                  <TableCell colSpan={columns.length + 1} className="py-8 text-center text-muted-foreground">
                    {isLoading ? tk("table.loading") : labels.empty}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </div>
      </div>
      {picker({ open: picking, onOpenChange: setPicking, ids: rows.map((r) => r.id), save })}
      {confirmElement}
    </KitDialog>
  );
}
