"use client";

import useSWR from "swr";
import { useTranslations } from "next-intl";
import { PencilIcon, UserRoundIcon } from "lucide-react";
import { call } from "@/lib/api/call";
import { permsOf } from "@/lib/contract/call";
import { groupApi } from "@/lib/contract/system/group";
import { user, userApi, type UserRow } from "@/lib/contract/system/user";
import { deriveDetailRows } from "@/components/kit";
import { fileUrl } from "@/lib/file-url";
import { defineDetail, DetailPage } from "@/components/kit/detail/define-detail";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The groups a user belongs to. The cloud has no "groups of a user" call, so the tenant's
 * groups are read with their members (one call per group; groups are few).
 */
async function groupsOf(userId: number) {
  const { records } = await call(groupApi.page, { current: 1, size: 9999 }, { silent: true });
  const members = await Promise.all(records.map((g) => call(groupApi.members, { groupId: g.id }, { silent: true })));
  return records.filter((_, i) => members[i].some((m) => m.id === userId));
}

const chips = (names: readonly string[]) =>
  names.length ? (
    <span className="flex flex-wrap gap-1">
      {names.map((n) => (
        <Badge key={n} variant="secondary">
          {n}
        </Badge>
      ))}
    </span>
  ) : (
    "-"
  );

function UserGroups({ userId }: { userId: number }) {
  const groups = useSWR(["user-groups", userId], () => groupsOf(userId), { shouldRetryOnError: false });
  return groups.data ? chips(groups.data.map((g) => g.groupName)) : groups.error ? "-" : <Skeleton className="h-5 w-40" />;
}

function QueryPhone({ on }: { on: boolean }) {
  const t = useTranslations("system.user");
  return t(on ? "queryPhoneOn" : "queryPhoneOff");
}

function Avatar({ user }: { user: UserRow }) {
  const t = useTranslations("system.user");
  return (
    <>
      {user.avatar ? (
        <img src={fileUrl(user.avatar)} alt={t("fields.avatar")} className="size-24 rounded-full border object-cover" />
      ) : (
        <div className="flex size-24 items-center justify-center rounded-full border bg-muted text-muted-foreground">
          <UserRoundIcon className="size-10" aria-hidden />
        </div>
      )}
      {user.tenantAdmin && <Badge>{t("tenantAdmin")}</Badge>}
    </>
  );
}

/** userSetInfo (keep-alive off): one user, read-only, with roles, department and groups. */
const userDetail = defineDetail<UserRow>({
  ns: "system.user",
  info: userApi.info,
  back: "userSet",
  title: (u) => `${u.realname} (${u.username})`,
  testId: "user-info",
  actions: [{ key: "edit", label: "kit.actions.edit", icon: <PencilIcon />, perm: permsOf(userApi.upd)[0], href: (u) => `/systemSet/userSet?edit=${u.id}` }],
  sections: [
    {
      key: "basic",
      lead: (u) => <Avatar user={u} />,
      rows: deriveDetailRows<UserRow>(user, {
        roleNames: { type: "slot", full: true, render: (u) => chips(u.roleNames) },
        avatar: false,
        queryPhone: { type: "slot", render: (u) => <QueryPhone on={u.queryPhone === 1} /> },
        createTime: {},
        groups: { type: "slot", full: true, render: (u) => <UserGroups userId={u.id} /> },
      }),
    },
  ],
});

export function UserInfoView() {
  return <DetailPage detail={userDetail} />;
}
