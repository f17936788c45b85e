"use client";

import * as React from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { UserPlusIcon, XIcon } from "lucide-react";
import { defineResource, KitDialog, ResourcePage } from "@/components/kit";
import { Can } from "@/components/kit/can";
import { PeoplePicker } from "@/components/kit/pickers";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { api, swrFetcher } from "@/lib/api/fetcher";
import type { Page } from "@/lib/contract/envelope";
import { groupQuery, groupUpdate, groupWithRelation, type GroupMember, type GroupRow } from "@/lib/contract/system/group";
import type { UserRow } from "@/lib/contract/system/user";
import { useUrlParam } from "../menu/url-param";

const USERS_KEY = ["sys/user/page", { current: 1, size: 9999 }] as const;

/** Members of a new group: chosen with the people picker, shown as name chips. */
function MembersField({ value, onChange, disabled }: { value: unknown; onChange: (ids: number[]) => void; disabled: boolean }) {
  const t = useTranslations("system.group");
  const [open, setOpen] = React.useState(false);
  const ids = Array.isArray(value) ? (value as number[]) : [];
  const { data } = useSWR<Page<UserRow>>(ids.length ? USERS_KEY : null, swrFetcher);
  const names = new Map((data?.records ?? []).map((u) => [u.id, u.realname || u.username]));
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button type="button" size="sm" variant="outline" disabled={disabled} onClick={() => setOpen(true)} data-testid="group-members-choose">
          <UserPlusIcon />
          {t("chooseMembers")}
        </Button>
      </div>
      {ids.length > 0 && (
        <div className="flex flex-wrap gap-1">
          {ids.map((id) => (
            <Badge key={id} variant="secondary" className="gap-1">
              {names.get(id) ?? id}
              {!disabled && (
                <button type="button" aria-label={t("removeMember")} onClick={() => onChange(ids.filter((x) => x !== id))}>
                  <XIcon className="size-3" />
                </button>
              )}
            </Badge>
          ))}
        </div>
      )}
      <PeoplePicker open={open} onOpenChange={setOpen} tabs={["user"]} value={{ userIds: ids }} onConfirm={(v) => onChange(v.userIds)} title={t("chooseMembers")} />
    </div>
  );
}

/** A group's members: the picker replaces them as a whole (`updGroupRelation`), a row's × removes one (`delRelation`). */
function MembersDialog({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const t = useTranslations("system.group");
  const tk = useTranslations("kit");
  const [groupId, setGroupId] = useUrlParam("members");
  const [picking, setPicking] = React.useState(false);
  const key = groupId ? (["sys/group/queryRelation", { groupId }] as const) : null;
  const { data, isLoading, mutate } = useSWR<GroupMember[]>(key, swrFetcher, { shouldRetryOnError: false });
  const members = data ?? [];
  const done = async () => {
    toast.success(tk("form.saved"));
    await Promise.all([mutate(), onChanged()]);
  };
  const replace = async (userIds: number[]) => {
    try {
      await api.post("sys/group/updGroupRelation", { groupId: Number(groupId), userIds });
      await done();
    } catch {
      /* the fetcher showed the cloud's message */
    }
  };
  const remove = async (userId: number) => {
    try {
      await api.post("sys/group/delRelation", { groupId: Number(groupId), userIds: [userId] });
      await done();
    } catch {
      /* shown */
    }
  };
  return (
    <KitDialog
      open={!!groupId}
      onOpenChange={(o) => !o && setGroupId(null)}
      title={t("members")}
      width={720}
      testId="group-members-dialog"
      footer={
        <Button size="sm" variant="outline" onClick={() => setGroupId(null)}>
          {tk("actions.close")}
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        <Can code="sys:group:upd">
          <div>
            <Button size="sm" onClick={() => setPicking(true)} data-testid="group-members-pick">
              <UserPlusIcon />
              {t("chooseMembers")}
            </Button>
          </div>
        </Can>
        <div className="max-h-[50vh] overflow-auto rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t("fields.username")}</TableHead>
                <TableHead>{t("fields.realname")}</TableHead>
                <TableHead>{t("fields.departmentName")}</TableHead>
                <TableHead className="w-24">{tk("actions.operate")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.map((m) => (
                <TableRow key={m.id}>
                  <TableCell>{m.username}</TableCell>
                  <TableCell>{m.realname}</TableCell>
                  <TableCell>{m.departmentName ?? "-"}</TableCell>
                  <TableCell>
                    <Can code="sys:group:upd">
                      <button type="button" className="text-sm text-destructive hover:underline" onClick={() => remove(m.id)}>
                        {t("removeMember")}
                      </button>
                    </Can>
                  </TableCell>
                </TableRow>
              ))}
              {!members.length && (
                <TableRow>
                  <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
                    {isLoading ? tk("table.loading") : t("noMembers")}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </div>
      </div>
      <PeoplePicker open={picking} onOpenChange={setPicking} tabs={["user"]} value={{ userIds: members.map((m) => m.id) }} onConfirm={(v) => replace(v.userIds)} title={t("chooseMembers")} />
    </KitDialog>
  );
}

function useGroupResource() {
  const [, setMembers] = useUrlParam("members");
  return React.useMemo(
    () =>
      defineResource<GroupRow>({
        ns: "system.group",
        api: "sys/group",
        perm: "sys:group",
        endpoints: { page: "sys/group/list", info: false, add: "sys/group/addGroupWithRelation", export: false, import: false, template: false, openOrClose: false },
        schemas: { query: groupQuery, create: groupWithRelation, update: groupUpdate },
        search: { keyword: "groupName", keywordPlaceholder: "fields.groupName", items: [{ prop: "groupName", label: "fields.groupName" }] },
        columns: [
          { prop: "groupName", label: "fields.groupName", type: "click", minWidth: 160, onClick: (r) => setMembers(r.id) },
          { prop: "memberCount", label: "fields.memberCount", width: 100, align: "right" },
          { prop: "remark", label: "fields.remark", minWidth: 200 },
          { prop: "createTime", label: "fields.createTime", type: "time", width: 170 },
        ],
        form: {
          columns: 1,
          defaults: { groupName: "", remark: "", userIds: [] },
          toForm: ({ id, groupName, remark }) => ({ id, groupName, remark }),
          fields: [
            { name: "groupName", label: "fields.groupName", required: true },
            { name: "remark", label: "fields.remark", type: "textarea" },
            {
              name: "userIds",
              label: "fields.members",
              type: "custom",
              show: (_v, mode) => mode === "create",
              render: ({ field, disabled }) => <MembersField value={field.value} onChange={field.onChange} disabled={disabled} />,
            },
          ],
        },
        rowActions: [{ key: "members", label: "members", onClick: (r) => setMembers(r.id) }, "edit", "del"],
        toolbar: ["add", "batchDelete"],
        multiple: true,
        slots: { dialogs: (ui) => <MembersDialog onChanged={ui.refresh} /> },
      }),
    [setMembers],
  );
}

/** groupSet: user groups and their members. */
export function GroupList() {
  return <ResourcePage resource={useGroupResource()} />;
}
