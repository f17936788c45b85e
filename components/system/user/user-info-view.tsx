"use client";

import * as React from "react";
import useSWR from "swr";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { PencilIcon, UserRoundIcon } from "lucide-react";
import { api, swrFetcher } from "@/lib/api/fetcher";
import type { Page } from "@/lib/contract/envelope";
import type { GroupMember, GroupRow } from "@/lib/contract/system/group";
import type { UserRow } from "@/lib/contract/system/user";
import { fileUrl } from "@/lib/file-url";
import { InfoView, type InfoItem } from "@/components/kit";
import { Can } from "@/components/kit/can";
import { DictText } from "@/components/kit/table/cells";
import { PageFrame } from "@/components/kit/page-frame";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";

/**
 * The groups a user belongs to. The cloud has no "groups of a user" call, so the tenant's
 * groups are read with their members (one call per group; groups are few).
 */
async function groupsOf(userId: number): Promise<GroupRow[]> {
  const { records } = await api.get<Page<GroupRow>>("sys/group/list", { current: 1, size: 9999 }, { silent: true });
  const members = await Promise.all(records.map((g) => api.get<GroupMember[]>("sys/group/queryRelation", { groupId: g.id }, { silent: true })));
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

function Body() {
  const t = useTranslations("system.user");
  const tAll = useTranslations();
  const params = useSearchParams();
  const id = params.get("id");
  const valid = !!id && /^\d+$/.test(id);
  const { data, error } = useSWR<UserRow>(valid ? ["sys/user/getUserInfoById", { id }] : null, swrFetcher, { shouldRetryOnError: false });
  const groups = useSWR(data ? ["user-groups", data.id] : null, () => groupsOf(data!.id), { shouldRetryOnError: false });

  const items: InfoItem[] = data
    ? [
        { label: t("fields.username"), value: data.username },
        { label: t("fields.realname"), value: data.realname },
        { label: t("fields.employeeNo"), value: data.employeeNo || "-" },
        { label: t("fields.sex"), value: <DictText dict="sex" value={data.sex} /> },
        { label: t("fields.position"), value: data.position || "-" },
        { label: t("fields.departmentId"), value: data.departmentName || "-" },
        { label: t("fields.phone"), value: data.phone || "-", side: "right" },
        { label: t("fields.landline"), value: data.landline || "-", side: "right" },
        { label: t("fields.email"), value: data.email || "-", side: "right" },
        { label: t("fields.enabled"), value: <DictText dict="enableState" value={data.enabled} />, side: "right" },
        { label: t("fields.queryPhone"), value: data.queryPhone === 1 ? t("queryPhoneOn") : t("queryPhoneOff"), side: "right" },
        { label: t("fields.createTime"), value: formatDateTime(data.createTime), side: "right" },
        { label: t("fields.roleIds"), value: chips(data.roleNames), side: "full" },
        { label: t("fields.groups"), value: groups.data ? chips(groups.data.map((g) => g.groupName)) : groups.error ? "-" : <Skeleton className="h-5 w-40" />, side: "full" },
      ]
    : [];

  return (
    <PageFrame
      back="userSet"
      title={data ? `${data.realname} (${data.username})` : undefined}
      actions={
        data && (
          <Can code="sys:user:upd">
            <Button size="sm" variant="outline" asChild>
              <Link href={`/systemSet/userSet?edit=${data.id}`}>
                <PencilIcon />
                {tAll("kit.actions.edit")}
              </Link>
            </Button>
          </Can>
        )
      }
    >
      {!valid || (error && !data) ? (
        <p className="rounded-md border bg-card p-8 text-center text-sm text-muted-foreground" data-testid="user-missing">
          {tAll("kit.form.notFound")}
        </p>
      ) : !data ? (
        <Skeleton className="h-72" />
      ) : (
        <Card data-testid="user-info">
          <CardContent className="flex flex-col gap-6 sm:flex-row">
            <div className="flex shrink-0 flex-col items-center gap-2">
              {data.avatar ? (
                // eslint-disable-next-line @next/next/no-img-element
                <img src={fileUrl(data.avatar)} alt={t("fields.avatar")} className="size-24 rounded-full border object-cover" />
              ) : (
                <div className="flex size-24 items-center justify-center rounded-full border bg-muted text-muted-foreground">
                  <UserRoundIcon className="size-10" aria-hidden />
                </div>
              )}
              {data.tenantAdmin && <Badge>{t("tenantAdmin")}</Badge>}
            </div>
            <InfoView items={items} className="min-w-0 flex-1" />
          </CardContent>
        </Card>
      )}
    </PageFrame>
  );
}

/** userSetInfo (keep-alive off): one user, read-only, with roles, department and groups. */
export function UserInfoView() {
  return (
    <React.Suspense fallback={<Skeleton className="m-4 h-72" />}>
      <Body />
    </React.Suspense>
  );
}
